import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "../db/schema";
import { AREAS } from "../features/areas";
import { projectPath } from "../paths";

/**
 * The server's shape (ARCHITECTURE.md), checked by reading the sources:
 * - every area declares itself in a module.ts listed in features/areas.ts, and every table has
 *   exactly one owner there;
 * - one owner per table: a repository touches only its own area's tables;
 * - an area reaches another only through its service: never its repository;
 * - services are built once, in the composition root: routes files build none;
 * - no area imports the app (the old AppDeps circle);
 * - handlers never query: a routes file reaches no repository, and the database for types only;
 * - a presenter turns rows into JSON and does nothing else: repositories, the database and
 *   services are types to it, never values it calls;
 * - the database and a transaction are one type (`Db`): nothing casts to it;
 * - every advisory lock is taken through `db/locks.ts`, the one list of lock keys;
 * - HTTP stays at the edge: outside server/http and the routes files nothing imports
 *   http/errors (services throw server/domain/errors.ts's failures, which the error handler
 *   answers) and nothing asks a failure's status or its message's text (`instanceof` instead).
 */

const SERVER = projectPath("server");
const FEATURES = path.join(SERVER, "features");

/** Tables that belong to the server's machinery rather than to an area, with where they live. */
const INFRASTRUCTURE_TABLES: Record<string, string> = {
  jobs: "server/jobs: the job queue itself (features/jobs only shows a job's state)",
};

/** Which area owns each table (by its Drizzle name), as each area's module.ts declares it. */
const TABLE_OWNERS: Record<string, string> = Object.fromEntries(
  AREAS.flatMap((area) => Object.keys(area.tables).map((table) => [table, area.name])),
);

/**
 * Reads that span owners on purpose, each for a reason worth its exception; writes never do.
 * The session lookup runs on every request: one prepared query instead of four.
 */
const CROSS_OWNER_READS: Record<string, string[]> = {
  "auth/repository.ts": ["memberships", "workspaces"],
  // A team is shown by its people's names, and an invitation by who sent it.
  "workspaces/repository.ts": ["users"],
  // The platform administrator's figures and people list span every workspace: one
  // read-only query each instead of a service call per workspace.
  "admin/reports.ts": [
    "users",
    "sessions",
    "memberships",
    "workspaces",
    "subscriptions",
    "usageTracking",
    "calls",
    "aiAgents",
    "campaigns",
    "jobs",
  ],
  // Calls across every workspace with each one's owner and plan (GET /api/admin/calls).
  "admin/calls-report.ts": ["calls", "memberships", "workspaces"],
};

/** Areas whose routes send stored rows (or answers built from them): each shapes them in presenter.ts. */
const AREAS_SENDING_ROWS = [
  "admin",
  "agents",
  "ai-settings",
  "ai-studio",
  "appointments",
  "billing",
  "calendar",
  "calls",
  "dialer",
  "email",
  "enterprise",
  "health",
  "lead-generation",
  "phone-system",
  "reports",
  "satellite",
  "scripts",
  "telephony",
  "user",
  "voice",
  "voice-calls",
  "workspaces",
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

type Import = { names: string; from: string; typeOnly: boolean };

/** The source without its comments. */
const withoutComments = (source: string) =>
  source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");

/** Every import of a module: static, type-only, re-exports and dynamic. */
function imports(source: string): Import[] {
  const code = withoutComments(source);
  const found: Import[] = [];
  for (const match of code.matchAll(
    /(?:import|export)\s+(type\s+)?([\w$*{}\s,]*?)\s*from\s*["']([^"']+)["']/g,
  )) {
    const names = match[2] ?? "";
    // `import type { A }`, or `import { type A, type B }`: erased, nothing of the module runs.
    const listed = /^\{([\s\S]*)\}$/
      .exec(names.trim())?.[1]
      ?.split(",")
      .map((n) => n.trim())
      .filter(Boolean);
    const typeOnly = Boolean(match[1]) || listed?.every((n) => n.startsWith("type ")) === true;
    found.push({ names, from: match[3] ?? "", typeOnly });
  }
  for (const match of code.matchAll(/\bimport\s*\(\s*["']([^"']+)["']\s*\)/g))
    found.push({ names: "*", from: match[1] ?? "", typeOnly: false });
  return found;
}

const areaOf = (file: string) => path.relative(FEATURES, file).split(path.sep)[0] ?? "";
const resolve = (file: string, specifier: string) => path.resolve(path.dirname(file), specifier);

const featureFiles = sourceFiles(FEATURES);
const serverFiles = sourceFiles(SERVER);

/** The HTTP edge: server/http and every routes file (routes.ts, import-routes.ts, ...). */
const atTheEdge = (file: string) =>
  file.startsWith(path.join(SERVER, "http") + path.sep) || file.endsWith("routes.ts");
/** The server's own code past the edge, test helpers aside. */
const pastTheEdge = serverFiles.filter(
  (file) => !atTheEdge(file) && !file.startsWith(path.join(SERVER, "test") + path.sep),
);

/**
 * Status checks past the edge that are not about a failure thrown to us, each for its reason.
 * Provider adapters (server/providers) are HTTP clients of outside services: they read the
 * statuses those services answer.
 */
const STATUS_READERS: Record<string, string> = {
  "features/admin/health.ts": "the error-rate check counts the API's own answers by status",
};

const STATUS_CHECK =
  /\b(statusCode|status)\s*(===|!==|==|!=|>=|<=|>|<)\s*[1-5]\d\d\b|\b[1-5]\d\d\s*(===|!==|==|!=)\s*[\w.]*\b(statusCode|status)\b|instanceof\s+HttpError\b/;
const MESSAGE_CHECK =
  /\b\w*(error|err|reason|cause)\.message\s*(===|!==|==|!=)|\b\w*(error|err|reason|cause)\.message\.(includes|startsWith|endsWith|match|search|indexOf)\(|\.test\(\s*\w*(error|err)\.message\b/i;

describe("the server's import rules", () => {
  it("has every area declared once in features/areas.ts, and every table owned by exactly one", () => {
    const folders = readdirSync(FEATURES, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(AREAS.map((area) => area.name).sort()).toEqual(folders);
    const declared = AREAS.flatMap((area) => Object.entries(area.tables));
    const tables = Object.entries(schema).filter(
      ([name, value]) => is(value, PgTable) && !(name in INFRASTRUCTURE_TABLES),
    );
    expect(declared.map(([name]) => name).sort()).toEqual(tables.map(([name]) => name).sort());
    // Each declared name is the schema's own table of that name, not another under its name.
    const byName = new Map(tables);
    for (const [name, table] of declared) expect(byName.get(name), getTableName(table)).toBe(table);
  });

  it("registers routes only through the areas: app.ts imports no area's routes", () => {
    const app = readFileSync(path.join(SERVER, "app.ts"), "utf8");
    const routesImports = imports(app).filter(({ from }) => /features\/.*routes$/.test(from));
    expect(routesImports).toEqual([]);
  });

  it("lets a repository touch only its own area's tables", () => {
    const violations: string[] = [];
    for (const file of featureFiles.filter((f) => f.endsWith("repository.ts"))) {
      const area = areaOf(file);
      const relative = path.relative(FEATURES, file).split(path.sep).join("/");
      const allowed = new Set(CROSS_OWNER_READS[relative] ?? []);
      for (const { names, from } of imports(readFileSync(file, "utf8"))) {
        if (!resolve(file, from).startsWith(path.join(SERVER, "db", "schema"))) continue;
        for (const name of names
          .replace(/[{}]/g, "")
          .split(",")
          .map((n) => n.replace(/^type\s+/, "").trim())) {
          const owner = TABLE_OWNERS[name];
          if (owner && owner !== area && !allowed.has(name))
            violations.push(`${relative} uses ${name}, which belongs to ${owner}`);
        }
      }
    }
    expect(violations, "reach another area's rows through its service").toEqual([]);
  });

  it("lets an area reach another only through its service, never its repository", () => {
    const violations: string[] = [];
    for (const file of featureFiles) {
      for (const { from } of imports(readFileSync(file, "utf8"))) {
        const target = resolve(file, from);
        if (!target.startsWith(FEATURES)) continue;
        const targetArea = path.relative(FEATURES, target).split(path.sep)[0];
        if (targetArea !== areaOf(file) && /repository$/.test(target))
          violations.push(`${path.relative(SERVER, file)} imports ${from}`);
      }
    }
    expect(violations).toEqual([]);
  });

  it("builds services once, in the composition root: routes files build none", () => {
    const violations: string[] = [];
    for (const file of featureFiles.filter((f) => f.endsWith("routes.ts"))) {
      const source = readFileSync(file, "utf8");
      for (const match of source.matchAll(/\b(\w+(?:Service|Repository))\(/g))
        violations.push(`${path.relative(SERVER, file)} builds ${match[1]}`);
    }
    expect(violations).toEqual([]);
  });

  it("keeps queries out of handlers: a routes file reaches no repository, and the database for types only", () => {
    const violations: string[] = [];
    for (const file of featureFiles.filter((f) => f.endsWith("routes.ts"))) {
      for (const { from, typeOnly } of imports(readFileSync(file, "utf8"))) {
        const target = resolve(file, from);
        const database = target.startsWith(path.join(SERVER, "db"));
        if (/repository$/.test(target) || (database && !typeOnly))
          violations.push(`${path.relative(SERVER, file)} imports ${from}`);
      }
    }
    expect(violations).toEqual([]);
  });

  it("keeps presenters to shaping rows: repositories, the database and services are types to them", () => {
    const presenters = featureFiles.filter((f) => path.basename(f) === "presenter.ts");
    const areasWithPresenters = new Set(presenters.map(areaOf));
    const missing = AREAS_SENDING_ROWS.filter((area) => !areasWithPresenters.has(area));
    expect(missing, "an area that sends rows shapes them in its presenter.ts").toEqual([]);
    const violations: string[] = [];
    for (const file of presenters) {
      for (const { from, typeOnly } of imports(readFileSync(file, "utf8"))) {
        const target = resolve(file, from);
        const reachesData =
          /(repository|service)$/.test(target) || target.startsWith(path.join(SERVER, "db"));
        if (reachesData && !typeOnly) violations.push(`${path.relative(SERVER, file)} imports ${from}`);
      }
    }
    expect(violations).toEqual([]);
  });

  it("keeps the app out of every area (no import circle through AppDeps)", () => {
    const violations = featureFiles.filter((file) =>
      imports(readFileSync(file, "utf8")).some(
        ({ from }) => resolve(file, from) === path.join(SERVER, "app"),
      ),
    );
    expect(violations.map((file) => path.relative(SERVER, file))).toEqual([]);
  });

  it("takes the database and a transaction as one type: no cast to Db", () => {
    const violations = serverFiles
      .filter((file) => /\bas\s+(unknown\s+as\s+)?Db(Transaction)?\b/.test(readFileSync(file, "utf8")))
      .map((file) => path.relative(SERVER, file));
    expect(violations, "a transaction is a Db: pass it as it is").toEqual([]);
  });

  it("keeps http/errors at the edge: services throw domain failures", () => {
    const violations = pastTheEdge
      .filter((file) =>
        imports(readFileSync(file, "utf8")).some(
          ({ from }) => resolve(file, from) === path.join(SERVER, "http", "errors"),
        ),
      )
      .map((file) => path.relative(SERVER, file));
    expect(violations, "throw a failure of server/domain/errors.ts instead").toEqual([]);
  });

  it("asks a failure what it is with instanceof, never its status or its message's text", () => {
    const violations: string[] = [];
    for (const file of pastTheEdge) {
      const relative = path.relative(SERVER, file).split(path.sep).join("/");
      const code = withoutComments(readFileSync(file, "utf8"));
      const statusesAllowed = relative.startsWith("providers/") || relative in STATUS_READERS;
      if (!statusesAllowed && STATUS_CHECK.test(code)) violations.push(`${relative} checks a status`);
      if (!relative.startsWith("providers/") && MESSAGE_CHECK.test(code))
        violations.push(`${relative} checks a message's text`);
    }
    expect(violations).toEqual([]);
  });

  it("takes every advisory lock through server/db/locks.ts, whose registry names each key", () => {
    const violations = serverFiles
      .filter((file) => file !== path.join(SERVER, "db", "locks.ts"))
      .filter((file) => /pg_(try_)?advisory_/.test(withoutComments(readFileSync(file, "utf8"))))
      .map((file) => path.relative(SERVER, file));
    expect(violations, "name the lock in ADVISORY_LOCKS and take it with advisoryLock").toEqual([]);
  });
});
