// `npm start`: builds the client and the server when they are missing or older than their
// sources, then runs the compiled server (API plus the built client) on PORT, default 5000.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { serverNodeFlags } from "./server-flags.mjs";

const root = path.resolve(import.meta.dirname, "..");
const at = (...segments) => path.join(root, ...segments);

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Runs `command` when `output` is missing or older than any of `sources`. */
function buildWhenStale(label, output, sources, command) {
  const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0;
  if (builtAt >= Math.max(...sources.map(newestMtime))) return;
  console.log(`Building the ${label}...`);
  const [program, ...args] = command;
  const result = spawnSync(program, args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

buildWhenStale(
  "client",
  at("dist/client/index.html"),
  [at("client"), at("common"), at("vite.config.ts"), at("package.json")],
  ["npx", "vite", "build", "--logLevel", "warn"],
);
buildWhenStale(
  "server",
  at("dist/server/main.js"),
  [at("server"), at("common"), at("package.json"), at("scripts/build-server.mjs")],
  [process.execPath, at("scripts/build-server.mjs")],
);

const server = spawn(process.execPath, [...serverNodeFlags(), at("dist/server/main.js")], {
  cwd: root,
  stdio: "inherit",
  env: { NODE_ENV: "production", ...process.env },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
