import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The dev API listens beside Vite (see scripts/dev.mjs); Vite proxies /api to it keeping the Host,
// so the server's same-origin check sees the page's own origin.
const apiPort = Number(process.env.API_PORT ?? 5001);

export default defineConfig({
  root: "client",
  publicDir: "public",
  plugins: [react(), tailwindcss()],
  resolve: { alias: { "@common": fileURLToPath(new URL("./common", import.meta.url)) } },
  build: { outDir: "../dist/client", emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 900 },
  server: {
    port: Number(process.env.PORT ?? 5000),
    strictPort: true,
    proxy: { "/api": { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
});
