import { existsSync } from "node:fs";
import path from "node:path";

/**
 * The project's root folder (the one holding package.json), found from this module's own place,
 * so paths hold both when the server runs from its sources (server/) and when it runs as the
 * compiled bundle (dist/server/), and whatever the working directory is.
 */
function findProjectRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "package.json"))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${start}`);
  }
}

export const PROJECT_ROOT = findProjectRoot(import.meta.dirname);

/** A path inside the project, e.g. projectPath("server/db/migrations"). */
export function projectPath(...segments: string[]): string {
  return path.join(PROJECT_ROOT, ...segments);
}
