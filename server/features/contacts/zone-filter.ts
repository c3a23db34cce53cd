import { or, type SQL, sql } from "drizzle-orm";
import { contacts } from "../../db/schema";
import phonePrefixTable from "../dialer/data/phone-prefix-zones.json" with { type: "json" };

/**
 * "In this time zone", as the contact screens show a contact's zone (presenter.ts): the zone
 * recorded for it, else its number's when the number's longest known prefix has exactly one
 * zone, else New York (the spec's default). The number's part is decided in SQL from the
 * libphonenumber prefix table the dialer reads (dialer/data/phone-prefix-zones.json), so a
 * segment by zone counts and selects on the server like every other filter.
 *
 * A number belongs to zone Z when its longest known prefix shows Z. For each length (longest
 * first) the number's first digits are compared with the prefixes of that length that show Z
 * (a match: yes) and with the "blockers" (no): prefixes that show another zone and extend a
 * prefix of Z (for the default zone, every prefix showing another zone, since a number with no
 * known prefix shows the default). Only those two sets matter: any longer known prefix of the
 * number extends the Z prefix it also starts with, so it is a blocker or a Z prefix itself.
 */

/** What a contact with no recorded zone and no number to read one from shows (presenter.ts). */
export const DEFAULT_ZONE = "America/New_York";

type PrefixTable = { zones: string[]; prefixes: Record<string, number[]> };
const table = phonePrefixTable as PrefixTable;

/** Each known prefix and the zone a contact with it shows (several zones: the default). */
const SHOWN: [prefix: string, zone: string][] = Object.entries(table.prefixes).map(([prefix, zones]) => [
  prefix,
  zones.length === 1 ? (table.zones[zones[0] ?? -1] ?? DEFAULT_ZONE) : DEFAULT_ZONE,
]);
const LONGEST = Math.max(...SHOWN.map(([prefix]) => prefix.length));

type ZoneSets = { matches: Map<number, string[]>; blockers: Map<number, string[]> };
const cache = new Map<string, ZoneSets>();

function byLength(prefixes: string[]): Map<number, string[]> {
  const sets = new Map<number, string[]>();
  for (const prefix of prefixes) {
    const list = sets.get(prefix.length) ?? [];
    list.push(prefix);
    sets.set(prefix.length, list);
  }
  return sets;
}

function zoneSets(zone: string): ZoneSets {
  const known = cache.get(zone);
  if (known) return known;
  const matching = SHOWN.filter(([, shown]) => shown === zone).map(([prefix]) => prefix);
  const own = new Set(matching);
  const extendsOwn = (prefix: string) => {
    for (let length = 1; length < prefix.length; length++) if (own.has(prefix.slice(0, length))) return true;
    return false;
  };
  const blocking = SHOWN.filter(
    ([prefix, shown]) => shown !== zone && (zone === DEFAULT_ZONE || extendsOwn(prefix)),
  ).map(([prefix]) => prefix);
  const sets = { matches: byLength(matching), blockers: byLength(blocking) };
  cache.set(zone, sets);
  return sets;
}

/** Whether a number (its E.164 digits) with no recorded zone shows `zone`: a CASE, longest prefix first. */
function numberShows(zone: string): SQL {
  const { matches, blockers } = zoneSets(zone);
  const digits = sql`substr(${contacts.phoneE164}, 2)`;
  const branches: SQL[] = [];
  for (let length = LONGEST; length >= 1; length--) {
    const own = matches.get(length);
    const other = blockers.get(length);
    const start = sql`left(${digits}, ${sql.raw(String(length))})`;
    if (own) branches.push(sql`when ${start} = any(${sql.param(own)}::text[]) then true`);
    if (other) branches.push(sql`when ${start} = any(${sql.param(other)}::text[]) then false`);
  }
  const otherwise = zone === DEFAULT_ZONE ? sql`true` : sql`false`;
  return sql`(case ${sql.join(branches, sql` `)} else ${otherwise} end)`;
}

/** Contacts showing one of these zones (recorded, else the number's, else the default). */
export function inTimeZones(zones: string[]): SQL {
  const recorded = sql`${contacts.timezone} = any(${sql.param(zones)}::text[])`;
  const byNumber = zones.map(numberShows);
  const noNumber = zones.includes(DEFAULT_ZONE) ? sql`${contacts.phoneE164} is null` : undefined;
  const unrecorded = or(
    noNumber,
    sql`(${contacts.phoneE164} is not null and (${sql.join(byNumber, sql` or `)}))`,
  );
  return sql`(${recorded} or (${contacts.timezone} is null and ${unrecorded}))`;
}

/**
 * Every known prefix and the zone it shows, as a jsonb literal: written into the statement, so
 * the database reads it once when it plans the query (an export runs as COPY, whose parameters
 * would be read again for every row).
 */
const SHOWN_JSON = `'${JSON.stringify(Object.fromEntries(SHOWN))}'::jsonb`;

/**
 * The zone a contact shows, as a column (the export's): the recorded one, else its number's
 * longest known prefix's (one lookup a prefix length, longest first), else New York.
 */
export function shownZone(): SQL {
  const digits = sql`substr(${contacts.phoneE164}, 2)`;
  const lookups: SQL[] = [];
  for (let length = LONGEST; length >= 1; length--)
    lookups.push(sql`(${sql.raw(SHOWN_JSON)} ->> left(${digits}, ${sql.raw(String(length))}))`);
  return sql`coalesce(${contacts.timezone}, ${sql.join(lookups, sql`, `)}, ${sql.raw(`'${DEFAULT_ZONE}'`)})`;
}
