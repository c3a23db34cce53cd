import { and, asc, eq, gt, isNotNull, ne, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { contacts } from "../../db/schema";
import { contactWhere, type SegmentScope } from "./repository";
import type { SegmentService } from "./segments";

/**
 * The contacts area's answers for email marketing: who has an email and matches an
 * audience, and the audience's figures. Email marketing never reads the contacts table itself.
 *
 * Contacts keep one free-text address ("12 Main St, Orlando, FL 32801"): the city is the part
 * before the two-letter state, the state those two letters, read with the same expressions
 * in filters, groups and the recipients' merge fields.
 */
const CITY = sql<
  string | null
>`nullif(trim(substring(${contacts.address} from ',\\s*([^,]+?)\\s*,\\s*[A-Za-z]{2}(?:\\s+[0-9]{5}(?:-[0-9]{4})?)?\\s*(?:,\\s*(?:USA|US|United States))?\\s*$')), '')`;
const STATE = sql<
  string | null
>`upper(substring(${contacts.address} from ',\\s*([A-Za-z]{2})(?:\\s+[0-9]{5}(?:-[0-9]{4})?)?\\s*(?:,\\s*(?:USA|US|United States))?\\s*$'))`;
const IS_BUSINESS = sql<boolean>`(coalesce(trim(${contacts.company}), '') <> '' or coalesce(trim(${contacts.businessType}), '') <> '')`;
const HAS_EMAIL = and(isNotNull(contacts.email), ne(contacts.email, ""));

export type AudienceQuery = {
  /** A saved segment the audience is drawn from (common/segments); null: every contact. */
  segmentId?: string | null | undefined;
  targetAudience: "all" | "business" | "individual";
  industry: string | null;
  city: string | null;
  state: string | null;
  /** Lower-cased addresses left out (the workspace's suppression list). */
  excludeEmails: string[];
};

export type AudienceContact = {
  id: string;
  email: string;
  name: string;
  company: string | null;
  city: string | null;
  state: string | null;
};

function matching(workspaceId: string, query: AudienceQuery, segment: SegmentScope | undefined): SQL {
  const parts: (SQL | undefined)[] = [eq(contacts.workspaceId, workspaceId), HAS_EMAIL];
  if (segment) parts.push(contactWhere(workspaceId, { segment }));
  if (query.targetAudience === "business") parts.push(IS_BUSINESS);
  if (query.targetAudience === "individual") parts.push(sql`not ${IS_BUSINESS}`);
  if (query.industry) parts.push(sql`lower(${contacts.industry}) = lower(${query.industry})`);
  if (query.city) parts.push(sql`lower(${CITY}) = lower(${query.city})`);
  if (query.state) parts.push(sql`${STATE} = upper(${query.state})`);
  if (query.excludeEmails.length)
    parts.push(sql`lower(${contacts.email}) <> all(${sql.param(query.excludeEmails)}::text[])`);
  return and(...parts) as SQL;
}

export function emailAudience(db: Db, segments: Pick<SegmentService, "scope">) {
  /** The segment's condition; another workspace's segment is a 404, like any id. */
  const scopeOf = (workspaceId: string, query: AudienceQuery) =>
    query.segmentId ? segments.scope(workspaceId, query.segmentId) : Promise.resolve(undefined);

  return {
    async count(workspaceId: string, query: AudienceQuery): Promise<number> {
      const segment = await scopeOf(workspaceId, query);
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(contacts)
        .where(matching(workspaceId, query, segment));
      return row?.n ?? 0;
    },

    /** One page of matching contacts in id order, after `afterId` (keyset paging). */
    async page(
      workspaceId: string,
      query: AudienceQuery,
      limit: number,
      afterId?: string,
    ): Promise<AudienceContact[]> {
      const segment = await scopeOf(workspaceId, query);
      const where = afterId
        ? and(matching(workspaceId, query, segment), gt(contacts.id, afterId))
        : matching(workspaceId, query, segment);
      const rows = await db
        .select({
          id: contacts.id,
          email: sql<string>`lower(${contacts.email})`,
          name: contacts.name,
          company: contacts.company,
          city: CITY,
          state: STATE,
        })
        .from(contacts)
        .where(where)
        .orderBy(asc(contacts.id))
        .limit(limit);
      return rows;
    },

    /** "Email stats": counts and the top industries and cities of the workspace's contacts. */
    async stats(workspaceId: string, top: number) {
      const owner = eq(contacts.workspaceId, workspaceId);
      const [counts] = await db
        .select({
          total: sql<number>`count(*)::int`,
          business: sql<number>`count(*) filter (where ${IS_BUSINESS})::int`,
          withEmail: sql<number>`count(*) filter (where ${HAS_EMAIL})::int`,
        })
        .from(contacts)
        .where(owner);
      const industries = await db
        .select({ industry: sql<string>`${contacts.industry}`, count: sql<number>`count(*)::int` })
        .from(contacts)
        .where(and(owner, isNotNull(contacts.industry), ne(contacts.industry, "")))
        .groupBy(contacts.industry)
        .orderBy(sql`count(*) desc`, asc(contacts.industry))
        .limit(top);
      const cities = await db
        .select({ city: sql<string>`${CITY}`, count: sql<number>`count(*)::int` })
        .from(contacts)
        .where(and(owner, sql`${CITY} is not null`))
        .groupBy(CITY)
        .orderBy(sql`count(*) desc`, sql`1`)
        .limit(top);
      const total = counts?.total ?? 0;
      const business = counts?.business ?? 0;
      return {
        totalContacts: total,
        businessContacts: business,
        individualContacts: total - business,
        contactsWithEmails: counts?.withEmail ?? 0,
        topIndustries: industries,
        topCities: cities,
      };
    },
  };
}

export type EmailAudience = ReturnType<typeof emailAudience>;
