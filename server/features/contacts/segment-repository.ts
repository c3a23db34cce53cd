import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { contactListMembers, contactSegments, contacts } from "../../db/schema";
import { type ContactFilters, contactWhere } from "./repository";

export type SegmentRow = typeof contactSegments.$inferSelect;
export type SegmentCounts = { count: number; withEmail: number; withPhone: number };

/** Unique violation (PostgreSQL 23505), as node-postgres and PGlite report it. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  const causeCode = (error as { cause?: { code?: string } }).cause?.code;
  return code === "23505" || causeCode === "23505";
}

/** Saved segments and list members: the contacts area's own tables, every query by workspace. */
export function segmentRepository(db: Db) {
  const mine = (workspaceId: string, id: string) =>
    and(eq(contactSegments.workspaceId, workspaceId), eq(contactSegments.id, id));

  return {
    list(workspaceId: string): Promise<SegmentRow[]> {
      return db
        .select()
        .from(contactSegments)
        .where(eq(contactSegments.workspaceId, workspaceId))
        .orderBy(asc(sql`lower(${contactSegments.name})`), asc(contactSegments.id));
    },

    async countOf(workspaceId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(contactSegments)
        .where(eq(contactSegments.workspaceId, workspaceId));
      return row?.n ?? 0;
    },

    async get(workspaceId: string, id: string): Promise<SegmentRow | undefined> {
      const [row] = await db.select().from(contactSegments).where(mine(workspaceId, id));
      return row;
    },

    async insert(
      workspaceId: string,
      values: {
        name: string;
        kind: string;
        filter: Record<string, unknown> | null;
        createdBy: string | null;
      },
    ): Promise<SegmentRow> {
      const [row] = await db
        .insert(contactSegments)
        .values({ ...values, workspaceId })
        .returning();
      if (!row) throw new Error("insert returned no segment");
      return row;
    },

    async update(
      workspaceId: string,
      id: string,
      values: { name?: string; filter?: Record<string, unknown> },
    ): Promise<SegmentRow | undefined> {
      const [row] = await db
        .update(contactSegments)
        .set({ ...values, updatedAt: sql`now()` })
        .where(mine(workspaceId, id))
        .returning();
      return row;
    },

    async delete(workspaceId: string, id: string): Promise<boolean> {
      const gone = await db
        .delete(contactSegments)
        .where(mine(workspaceId, id))
        .returning({ id: contactSegments.id });
      return gone.length > 0;
    },

    /** How many contacts match, and how many of those have an email address or a phone number. */
    async counts(workspaceId: string, filters: ContactFilters): Promise<SegmentCounts> {
      const [row] = await db
        .select({
          count: sql<number>`count(*)::int`,
          withEmail: sql<number>`count(*) filter (where ${contacts.email} is not null and ${contacts.email} <> '')::int`,
          withPhone: sql<number>`count(*) filter (where ${contacts.phoneE164} is not null)::int`,
        })
        .from(contacts)
        .where(contactWhere(workspaceId, filters));
      return { count: row?.count ?? 0, withEmail: row?.withEmail ?? 0, withPhone: row?.withPhone ?? 0 };
    },

    /** Members of a list segment (for the screens: how many are in it). */
    async memberCount(workspaceId: string, segmentId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(contactListMembers)
        .where(
          and(eq(contactListMembers.workspaceId, workspaceId), eq(contactListMembers.segmentId, segmentId)),
        );
      return row?.n ?? 0;
    },
  };
}

export type SegmentRepository = ReturnType<typeof segmentRepository>;
