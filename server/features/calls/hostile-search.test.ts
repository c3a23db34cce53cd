import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app";
import { buildWorkspace, type SignedInClient } from "../../test/factories";
import { callRepository, type NewCall } from "./repository";

/**
 * Search text must never become SQL. On PostgreSQL the export used to paste
 * bound values into the statement text, so `--$3\n' || ' )) or true or (( '` exported every
 * account's calls. Every path that takes search or filter text gets the strings below, from one
 * account while another account has calls, and must answer without a 5xx and without a trace of
 * the other account. (The suite runs on PostgreSQL with TEST_DATABASE_URL; see README.)
 */
const VICTIM_NAME = "Victim Marker Zqx";
const VICTIM_NUMBER = "+15559990123";

const HOSTILE_SEARCHES: string[] = [
  // The probe's string: a placeholder inside the search lands inside another quoted value.
  "--$3\n' || ' )) or true or (( '",
  "--$2\n' || ' )) or true or (( '",
  "$1' or true or '",
  ...Array.from({ length: 12 }, (_, i) => `$${i + 1}`),
  "$1$2$3$4$5$6$7$8$9$10$11$12",
  "$10",
  "'",
  "''",
  '"',
  "' or '1'='1",
  "') or true --",
  "'; select pg_sleep(2); --",
  "x' union select password_hash from users --",
  "\\",
  "\\'",
  "\\\\%",
  "a\nb",
  "\r\n",
  "%",
  "_",
  "%%",
  "_%_",
  "$$",
  "$tag$ or true $tag$",
  "E'\\x27'",
  "Ünïcødé ☎ 📞 电话",
  "\u202e\u200b",
  "x".repeat(100),
  "$3'".repeat(33),
];

/** Raw query-string encodings URLSearchParams cannot produce: NUL, a lone surrogate, invalid UTF-8, overlong. */
const RAW_ENCODED = ["%00", "a%00b", "%ED%A0%80", "%F0%9F", "%FF%FE", "%C0%AF", "x".repeat(101), "%"];

let t: TestApp;
let attacker: SignedInClient;
let victimIds: string[] = [];

function call(i: number, fields: Partial<NewCall>): NewCall {
  const start = new Date(Date.UTC(2026, 5, 1, 12, i));
  return {
    phoneNumber: `+1555010${String(i).padStart(4, "0")}`,
    callerName: null,
    classification: "legitimate",
    status: "completed",
    isActive: false,
    startTime: start,
    endTime: new Date(start.getTime() + 60_000),
    duration: 60,
    importance: 1,
    transcript: "AI: Hello\nCaller: Hi",
    actionTaken: "Message taken",
    ...fields,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  const victim = await buildWorkspace(t);
  const victimUser = victim.user;
  attacker = await buildWorkspace(t);
  const attackerUser = attacker.user;
  const repo = callRepository(t.database.db);
  const made = [];
  for (let i = 0; i < 3; i++)
    made.push(
      await repo.insert(
        victimUser.workspace.id,
        call(i, {
          callerName: VICTIM_NAME,
          phoneNumber: VICTIM_NUMBER,
          summary: `${VICTIM_NAME} called`,
          classification: i === 0 ? "spam" : "support",
        }),
      ),
    );
  victimIds = made.map((row) => row.id);
  // The attacker has calls too, so searches that match something really run.
  await repo.insert(attackerUser.workspace.id, call(10, { callerName: "Own caller $1 '%_\\" }));
  await repo.insert(attackerUser.workspace.id, call(11, { callerName: "Ünïcødé ☎ 📞 电话" }));
});
afterAll(() => t.close());

/** Every path that takes search or filter text, with the value already encoded. */
const SEARCH_PATHS = [
  (q: string) => `/api/calls?search=${q}`,
  (q: string) => `/api/calls?filter=${q}`,
  (q: string) => `/api/calls?search=${q}&sortBy=duration&sortOrder=asc&page=2&limit=5`,
  (q: string) => `/api/calls?search=${q}&filter=support&active=false`,
  (q: string) => `/api/calls/export?format=csv&search=${q}`,
  (q: string) => `/api/calls/export?format=csv&filter=${q}`,
  (q: string) => `/api/calls/export?format=csv&search=${q}&sortBy=importance&sortOrder=asc`,
  (q: string) => `/api/calls/export?format=csv&search=${q}&filter=spam`,
  (q: string) => `/api/calls/export?format=${q}`,
  (q: string) => `/api/calls?sortBy=${q}`,
];

function leaks(body: string): string[] {
  const found = [VICTIM_NAME, VICTIM_NUMBER, ...victimIds].filter((marker) => body.includes(marker));
  // A blind read of another table would show as a password hash.
  if (body.includes("$argon2")) found.push("a password hash");
  return found;
}

describe("hostile search text", () => {
  it("never answers 5xx and never shows another account's calls, on every search and export path", async () => {
    const encoded = [...HOSTILE_SEARCHES.map(encodeURIComponent), ...RAW_ENCODED];
    const problems: string[] = [];
    for (const path of SEARCH_PATHS) {
      for (const value of encoded) {
        const url = path(value);
        const res = await attacker.get(url);
        if (res.statusCode >= 500) problems.push(`${url} answered ${res.statusCode}`);
        const leaked = leaks(res.body);
        if (leaked.length) problems.push(`${url} showed ${leaked.join(", ")}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("finds the attacker's own calls by text that looks like SQL, literally", async () => {
    const res = await attacker.get(`/api/calls?search=${encodeURIComponent("$1 '%_\\")}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().calls.map((c: { callerName: string }) => c.callerName)).toEqual([
      "Own caller $1 '%_\\",
    ]);
    const csv = await attacker.get(`/api/calls/export?format=csv&search=${encodeURIComponent("$1 '%_\\")}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain("Own caller $1 '%_\\");
    expect(csv.body.trim().split("\r\n")).toHaveLength(2);
    const unicode = await attacker.get(`/api/calls/export?format=csv&search=${encodeURIComponent("电话")}`);
    expect(unicode.body).toContain("Ünïcødé ☎ 📞 电话");
  });

  it("answers text the database cannot store (NUL, a lone surrogate) with a 400 that says why", async () => {
    for (const value of ["%00", "a%00b"]) {
      const res = await attacker.get(`/api/calls?search=${value}`);
      expect(res.statusCode, value).toBe(400);
      expect(res.json().message).toMatch(/search/i);
    }
  });

  it("still works for every other GET route given hostile query text", async () => {
    const routes = t.app.routeTable.filter(
      (route) => route.method === "GET" && !route.url.includes(":") && route.url !== "/api/events",
    );
    const problems: string[] = [];
    for (const route of routes) {
      for (const value of [...HOSTILE_SEARCHES.slice(0, 6).map(encodeURIComponent), "%00", "%ED%A0%80"]) {
        const query = ["search", "q", "filter", "status", "from", "to", "text", "runId", "page"]
          .map((key) => `${key}=${value}`)
          .join("&");
        const res = await attacker.get(`${route.url}?${query}`);
        if (res.statusCode >= 500) problems.push(`${route.url}?${query} answered ${res.statusCode}`);
        const leaked = leaks(res.body);
        if (leaked.length) problems.push(`${route.url} showed ${leaked.join(", ")}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
