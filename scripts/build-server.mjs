// Compiles the server (server/main.ts and what it imports from server/ and common/) into one
// ES module, dist/server/main.js, for `npm start` and the benchmarks. Packages stay external
// (node_modules is there at run time). Running the bundle with plain node takes about a third
// less memory than compiling TypeScript on the fly with tsx, which `npm run dev` keeps doing.
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");

await build({
  entryPoints: [path.join(root, "server/main.ts")],
  outfile: path.join(root, "dist/server/main.js"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: "linked",
  logLevel: "warning",
});
