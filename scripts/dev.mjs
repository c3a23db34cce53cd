// `npm run dev`: the API with reload on change (tsx watch) plus Vite with hot module reload.
// Open http://localhost:5000 (Vite), which proxies /api to the API on API_PORT (default 5001).
import { spawn } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const apiPort = process.env.API_PORT ?? "5001";
const children = [
  spawn("npx", ["tsx", "watch", "--clear-screen=false", "server/main.ts"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, PORT: apiPort, HOST: "127.0.0.1" },
  }),
  spawn("npx", ["vite"], { cwd: root, stdio: "inherit", env: { ...process.env, API_PORT: apiPort } }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, stop);
for (const child of children)
  child.on("exit", (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
