import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RouteEntry } from "../app";
import { createTestApp, type TestApp, type TestClient } from "./app";
import { buildWorkspace } from "./factories";
import { OWNED_RESOURCE_FIXTURES, VALID_BODIES } from "./owned-resources";

/**
 * Every route of the live route table (so routes added later are covered
 * without anyone listing them) gets odd input while signed in, and none may answer 5xx. Odd input
 * is what an outside probe sent: malformed JSON, arrays and scalars for objects, wrong types,
 * NUL and lone surrogates in every string, 100 KB strings, huge numbers, odd query strings and
 * route parameters, encoded paths, multipart without a boundary, wrong content types.
 */
let t: TestApp;
let user: TestClient;
/** Real ids of the signed-in account's own resources, so :id routes reach their handlers. */
const ownParams: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  t = await createTestApp();
  user = await buildWorkspace(t, { businessInfo: { companyName: "Fuzz Ltd" } });
  for (const [resource, fixture] of Object.entries(OWNED_RESOURCE_FIXTURES)) {
    ownParams[resource] = await fixture(user);
  }
});
afterAll(() => t.close());

/** Routes the fuzz leaves to other tests, each for a reason. */
function skipped(route: RouteEntry): boolean {
  const key = `${route.method} ${route.url}`;
  // An event stream stays open while signed in (events.test.ts covers it; the route walk calls it signed out).
  if (key === "GET /api/events") return true;
  // Signing out would end the fuzz's own session; it takes no input (auth.test.ts covers it).
  return key === "POST /api/auth/logout";
}

const sampleId = "00000000-0000-4000-8000-000000000000";
function pathFor(route: RouteEntry, params?: Record<string, string>): string {
  const own = ownParams[route.url.split("/")[2] ?? ""] ?? {};
  return route.url.replace(/:(\w+)/g, (_, name: string) => params?.[name] ?? own[name] ?? sampleId);
}

// --- odd values ---------------------------------------------------------------------------------

const NUL = "\u0000";
const LONE_SURROGATE = "\ud800";
const HUGE = "x".repeat(100 * 1024);
const ODD_NUMBERS = [1e308, -1e308, 2 ** 53 + 1, 1e21, -1, 0.5];
const WRONG_TYPES: unknown[] = [12345, true, null, {}, [], "text", ...ODD_NUMBERS.slice(0, 2)];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every path to a leaf of a JSON value, with the leaf. */
function leaves(value: Json, path: (string | number)[] = []): { path: (string | number)[]; leaf: Json }[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => leaves(item, [...path, i]));
  if (value !== null && typeof value === "object")
    return Object.entries(value).flatMap(([key, item]) => leaves(item, [...path, key]));
  return [{ path, leaf: value }];
}

function withLeaf(value: Json, path: (string | number)[], leaf: Json): Json {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(value)) return value.map((item, i) => (i === head ? withLeaf(item, rest, leaf) : item));
  const object = (value ?? {}) as Record<string, Json>;
  return { ...object, [head]: withLeaf(object[head] ?? null, rest, leaf) };
}

/** The valid body spoiled one leaf at a time: NUL, a lone surrogate, 100 KB, wrong types, odd numbers. */
function spoiledBodies(valid: Json): Json[] {
  const out: Json[] = [];
  for (const { path, leaf } of leaves(valid)) {
    if (typeof leaf === "string") {
      out.push(withLeaf(valid, path, `${leaf}${NUL}`), withLeaf(valid, path, NUL));
      out.push(withLeaf(valid, path, `${LONE_SURROGATE}${leaf}`), withLeaf(valid, path, "\udfff"));
      out.push(withLeaf(valid, path, HUGE));
      out.push(withLeaf(valid, path, "0000-01-01T00:00:00.000Z"));
    }
    if (typeof leaf === "number") for (const n of ODD_NUMBERS) out.push(withLeaf(valid, path, n));
    for (const wrong of WRONG_TYPES) out.push(withLeaf(valid, path, wrong as Json));
  }
  // Keys a schema does not know, carrying the same poison.
  if (valid !== null && typeof valid === "object" && !Array.isArray(valid))
    out.push({ ...valid, [`x${NUL}`]: NUL, [LONE_SURROGATE]: LONE_SURROGATE });
  return out;
}

/** For routes without a fixture: the field names the app's forms use, each with poison. */
const GENERIC_BODY: Json = {
  text: "hello",
  message: "hello",
  phoneNumber: "+15551230000",
  name: "Pat",
  id: sampleId,
  startTime: "2030-01-15T14:00:00.000Z",
  count: 1,
};

/** Raw bodies no JSON parser or multipart reader should turn into a 500. */
const RAW_BODIES: { payload: string; type: string }[] = [
  { payload: '{"a":', type: "application/json" },
  { payload: "{'single': 'quotes'}", type: "application/json" },
  { payload: "", type: "application/json" },
  { payload: "[1,2,3]", type: "application/json" },
  { payload: '"just a string"', type: "application/json" },
  { payload: "null", type: "application/json" },
  { payload: "42", type: "application/json" },
  { payload: '{"a":"\\u0000"}', type: "application/json" },
  { payload: '{"a":"\\ud800"}', type: "application/json" },
  { payload: `{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}`, type: "application/json" },
  { payload: `${"[".repeat(5000)}${"]".repeat(5000)}`, type: "application/json" },
  { payload: "\u00ff\u00fe\u0000garbage", type: "application/json; charset=latin1" },
  { payload: "anything", type: "multipart/form-data" },
  { payload: "anything", type: "multipart/form-data; boundary=" },
  { payload: "--x\r\nContent-Disposition: form-data; name=", type: "multipart/form-data; boundary=x" },
  {
    payload:
      '--x\r\nContent-Disposition: form-data; name="audio"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhi\u0000\r\n--x--\r\n',
    type: "multipart/form-data; boundary=x",
  },
  { payload: "a=1&b=%00&c=%ED%A0%80", type: "application/x-www-form-urlencoded" },
  { payload: "<xml/>", type: "application/xml" },
  { payload: "plain words", type: "text/plain" },
  { payload: "plain words", type: "no/such-type" },
  { payload: "x", type: "" },
];

/** Query strings with odd values under the names the app's routes read. */
const ODD_QUERIES = [
  "page=1e30&limit=-1",
  "page=99999999999999999999&limit=1e308",
  "page=NaN&limit=Infinity",
  "search=%00&filter=%00&text=%00&runId=%00&status=%00",
  "search=%ED%A0%80&text=%ED%A0%80&from=%ED%A0%80",
  "search=%FF%FE&text=%C0%AF",
  `search=${"x".repeat(5000)}&text=${"y".repeat(5000)}`,
  "search[]=a&search[]=b&page[x]=1",
  "from=0000-01-01T00:00:00Z&to=99999-01-01T00:00:00Z&start=0000-01-01&end=0000-01-01",
  "turn=1e309&silence=-1&wait=NaN&callId=%00",
  "%00=%00&=&&&",
];

/** Route parameters no route should crash on. */
const ODD_PARAMS = [
  "%00",
  "%ED%A0%80",
  "x".repeat(300),
  "..%2F..%2Fetc%2Fpasswd",
  "1e309",
  "%F0%9F%93%9E",
  "'%20or%201=1--",
];

/** Encoded spellings of a path: the router decodes them to the same route. */
function encodedPaths(path: string): string[] {
  const rest = path.slice("/api/".length);
  const first = rest.charAt(0);
  const hex = first.charCodeAt(0).toString(16);
  return [
    `/%61pi/${rest}`,
    `/%61%70%69/${rest}`,
    `/api/%${hex.toUpperCase()}${rest.slice(1)}`,
    `/api/%${hex.toLowerCase()}${rest.slice(1)}`,
    `//api/${rest}`,
    `/api//${rest}`,
  ];
}

// --- the walk -----------------------------------------------------------------------------------

type Attempt = {
  what: string;
  url: string;
  payload?: string;
  type?: string;
  headers?: Record<string, string>;
};

function attemptsFor(route: RouteEntry): Attempt[] {
  const key = `${route.method} ${route.url}`;
  const path = pathFor(route);
  const attempts: Attempt[] = [];
  const webhook = route.url.startsWith("/api/telephony/twilio/") || route.url.startsWith("/api/payments/");
  // A webhook's body is read only once a signature is there: a bogus one takes the fuzz past that gate.
  const headers: Record<string, string> = webhook
    ? { "x-twilio-signature": "bm90IGEgc2lnbmF0dXJl", "stripe-signature": "t=1,v1=00" }
    : {};
  // Query strings matter most to reads; writes get a few.
  const queries = route.method === "GET" ? ODD_QUERIES : ODD_QUERIES.slice(2, 5);
  for (const query of queries) attempts.push({ what: `query ${query}`, url: `${path}?${query}`, headers });
  if (route.url.includes(":"))
    for (const value of ODD_PARAMS) {
      const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] ?? "");
      const odd = pathFor(route, Object.fromEntries(names.map((name) => [name, value])));
      attempts.push({ what: `parameter ${value}`, url: odd, headers });
    }
  for (const encoded of encodedPaths(path)) attempts.push({ what: "encoded path", url: encoded, headers });
  if (route.method === "GET" || route.method === "DELETE") return attempts;

  for (const raw of RAW_BODIES)
    attempts.push({ what: `raw ${raw.type}`, url: path, payload: raw.payload, type: raw.type, headers });
  const valid = (VALID_BODIES[key] ?? GENERIC_BODY) as Json;
  for (const body of spoiledBodies(valid)) {
    attempts.push({
      what: "spoiled body",
      url: path,
      payload: JSON.stringify(body),
      type: "application/json",
      headers,
    });
  }
  if (webhook) {
    const form =
      "CallSid=CA%00&AccountSid=AC%ED%A0%80&To=%2B1555%00&From=&SpeechResult=hi%00&CallStatus=completed";
    attempts.push({
      what: "webhook form",
      url: path,
      payload: form,
      type: "application/x-www-form-urlencoded",
      headers,
    });
    attempts.push({
      what: "webhook form, huge",
      url: path,
      payload: `CallSid=${"C".repeat(60_000)}`,
      type: "application/x-www-form-urlencoded",
      headers,
    });
  }
  return attempts;
}

describe("route fuzz (signed in)", () => {
  it("answers odd input on every route without a 5xx", async () => {
    const routes = t.app.routeTable.filter((route) => !skipped(route));
    expect(routes.length).toBeGreaterThan(30);
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      // Signing in or up (even a failed sign-in) replaces the session: those get a browser of their own.
      const client = route.url.startsWith("/api/auth/") ? t.client() : user;
      for (const attempt of attemptsFor(route)) {
        const res = await client.request(route.method, attempt.url, {
          ...(attempt.payload !== undefined ? { payload: attempt.payload } : {}),
          headers: {
            ...attempt.headers,
            ...(attempt.type !== undefined ? { "content-type": attempt.type } : {}),
          },
        });
        sent++;
        if (res.statusCode >= 500)
          failures.push(
            `${route.method} ${route.url} (${attempt.what}, ${attempt.url.slice(0, 80)}) answered ${res.statusCode}: ${res.body.slice(0, 120)}`,
          );
      }
      // Still signed in: nothing above may have ended or broken the session.
      const me = await user.get("/api/user");
      if (me.statusCode !== 200)
        failures.push(`after ${route.method} ${route.url} the session answered ${me.statusCode}`);
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(1000);
    // A loaded two-core machine runs this in about 20 s; the limit is for a machine several times slower.
  }, 180_000);
});
