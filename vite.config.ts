import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { deliveryPlugin } from "./scripts/compress-assets.js";
import { firstLoadPlugin } from "./scripts/first-load.js";

// The dev API listens beside Vite (see scripts/dev.mjs); Vite proxies /api to it keeping the Host,
// so the server's same-origin check sees the page's own origin.
const apiPort = Number(process.env.API_PORT ?? 5001);

export default defineConfig({
  root: "client",
  publicDir: "public",
  // Source maps are "hidden" (no sourceMappingURL) and moved out of the served folder to
  // dist/sourcemaps; text assets get .br and .gz copies for the server to pick from. The build
  // prints the dashboard's first-load JavaScript and fails above the issue 10 budget.
  plugins: [
    react(),
    tailwindcss(),
    firstLoadPlugin({
      label: "dashboard",
      routeModule: "src/features/dashboard/dashboard-page.tsx",
      limitKb: 200,
    }),
    deliveryPlugin(),
  ],
  resolve: { alias: { "@common": fileURLToPath(new URL("./common", import.meta.url)) } },
  build: { outDir: "../dist/client", emptyOutDir: true, sourcemap: "hidden", chunkSizeWarningLimit: 900 },
  server: {
    port: Number(process.env.PORT ?? 5000),
    strictPort: true,
    proxy: { "/api": { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
});
