// Compiles the server (server/main.ts and what it imports from server/ and common/) into one
// ES module, dist/server/main.js, plus the files of the voice analysis worker and the audio tool
// runner, for `npm start` and the benchmarks. Packages stay external (node_modules is there at run
// time). Running the bundle with plain node takes about a third less memory than compiling
// TypeScript on the fly with tsx, which `npm run dev` keeps doing.
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");

await build({
  // The voice-sample analysis runs in a worker thread, and outside programs are started by a
  // small process of their own: both load their own files beside main.js.
  entryPoints: {
    main: path.join(root, "server/main.ts"),
    "voice-analysis-worker": path.join(root, "server/features/voice/analysis-worker.ts"),
    "audio-tool-runner": path.join(root, "server/audio/tool-runner.ts"),
  },
  outdir: path.join(root, "dist/server"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: "linked",
  logLevel: "warning",
});
