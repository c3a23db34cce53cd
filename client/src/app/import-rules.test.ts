import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The client's import rules (ARCHITECTURE.md): no feature imports another
 * feature, and the shared rooms (components/, lib/) import no feature, since a feature reaching
 * another through them would break the first rule by the back door. app/ composes features and
 * may import them all. Type-only and dynamic imports count like any other.
 */

const SRC = fileURLToPath(new URL("..", import.meta.url));

/** Every import specifier in a module's source: static, re-exports, side-effect and dynamic. */
function importSpecifiers(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const patterns = [
    // import x from "m"; import { a, type B } from "m"; import * as n from "m"; export { a } from "m"
    /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?[\w$*{}\s,]*?\s*from\s*["']([^"']+)["']/g,
    // import "m";
    /(?:^|[\s;])import\s*["']([^"']+)["']/g,
    // import("m")
    /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
  ];
  return patterns.flatMap((pattern) => [...code.matchAll(pattern)].map((match) => match[1] ?? ""));
}

/** The room a file of client/src belongs to: "features/<area>", "components", "lib", "app", ... */
function roomOf(relativePath: string): string {
  const [top, area] = relativePath.split("/");
  return top === "features" ? `features/${area}` : (top ?? "");
}

/** Why `from` may not import `to` (both relative to client/src), or null when it may. */
function refusal(from: string, to: string): string | null {
  const source = roomOf(from);
  const target = roomOf(to);
  if (!target.startsWith("features/") || source === target) return null;
  if (source.startsWith("features/")) return "a feature imports another feature";
  if (source === "components" || source === "lib") return `${source}/ imports a feature`;
  return null;
}

type Violation = { file: string; imports: string; rule: string };

/** Checks sources keyed by their path relative to client/src ("features/calls/x.tsx"). */
function importViolations(sources: Map<string, string>): Violation[] {
  const violations: Violation[] = [];
  for (const [file, source] of sources) {
    for (const specifier of importSpecifiers(source)) {
      if (!specifier.startsWith(".")) continue; // packages and @common/
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
      const rule = refusal(file, target);
      if (rule) violations.push({ file, imports: specifier, rule });
    }
  }
  return violations;
}

function clientSources(): Map<string, string> {
  const sources = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name))
        sources.set(path.relative(SRC, full).split(path.sep).join("/"), readFileSync(full, "utf8"));
    }
  };
  walk(SRC);
  return sources;
}

describe("client import rules", () => {
  it("finds static, type-only, re-exported, side-effect and dynamic imports", () => {
    const source = [
      'import { a, type B } from "./one";',
      "import type { C } from './two';",
      'import * as all from "../three";',
      'import {\n  d,\n  e,\n} from "./four";',
      'export { f } from "./five";',
      'import "./six.css";',
      'const Page = lazy(() => import("../seven/page"));',
      '// import { g } from "./commented-out";',
      'const text = "pick from \\"a list\\"";',
    ].join("\n");
    expect(importSpecifiers(source).sort()).toEqual(
      ["../seven/page", "../three", "./five", "./four", "./one", "./six.css", "./two"].sort(),
    );
  });

  it("refuses a feature importing another feature, and components or lib importing a feature", () => {
    const sources = new Map([
      ["features/calls/page.tsx", 'import { useStats } from "../dashboard/api/get-stats";'],
      ["features/calls/api/x.ts", 'import type { T } from "../../history/types";'],
      ["features/calls/own.ts", 'import { y } from "./api/x";\nimport { z } from "../../lib/api";'],
      ["components/shell/header.tsx", 'import { Dialog } from "../../features/auth/dialog";'],
      ["lib/auth/use-user.ts", 'import { x } from "../../features/auth/api/login";'],
      ["app/screens.tsx", 'const P = lazy(() => import("../features/calls/page"));'],
    ]);
    expect(importViolations(sources)).toEqual([
      {
        file: "features/calls/page.tsx",
        imports: "../dashboard/api/get-stats",
        rule: "a feature imports another feature",
      },
      {
        file: "features/calls/api/x.ts",
        imports: "../../history/types",
        rule: "a feature imports another feature",
      },
      {
        file: "components/shell/header.tsx",
        imports: "../../features/auth/dialog",
        rule: "components/ imports a feature",
      },
      {
        file: "lib/auth/use-user.ts",
        imports: "../../features/auth/api/login",
        rule: "lib/ imports a feature",
      },
    ]);
  });

  it("holds for every file of client/src", () => {
    const sources = clientSources();
    // The walk sees the real tree: the route table's lazy screens are among the imports it reads.
    expect(importSpecifiers(sources.get("app/screens.tsx") ?? "")).toContain(
      "../features/dashboard/dashboard-page",
    );
    expect(sources.size).toBeGreaterThan(100);
    expect(importViolations(sources)).toEqual([]);
  });
});
