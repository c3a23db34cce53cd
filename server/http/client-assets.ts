import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";

/** Vite names these by content hash, so a new build never reuses a name: cache them for a year. */
const HASHED_ASSETS = `${path.sep}assets${path.sep}`;
const IMMUTABLE = "public, max-age=31536000, immutable";
/** index.html and the service worker name the current build: the browser checks them every time. */
const REVALIDATE = "no-cache";

/** A file name, not an app route: app routes never end in an extension. */
const FILE_LIKE = /\/[^/]*\.[A-Za-z0-9]{1,12}$/;

/**
 * Serves the built client (dist/client) with an SPA fallback; API paths never fall back to HTML.
 *
 * The build writes `.br` and `.gz` beside every text asset (scripts/compress-assets.ts), and
 * `preCompressed` picks the best one the browser accepts, with `Vary: Accept-Encoding`. Source
 * maps are kept out of the folder by the build and refused here as well, so a stray one is never
 * public. A missing file answers 404 rather than the app's HTML, which a browser would otherwise
 * try to run as a script after a redeploy.
 */
export async function serveClient(app: FastifyInstance, clientDir: string): Promise<void> {
  const indexFile = path.join(clientDir, "index.html");
  if (!existsSync(indexFile)) return;
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    allowedPath: (pathname) => !isSourceMap(pathname),
    setHeaders(reply, filePath) {
      reply.header("cache-control", filePath.includes(HASHED_ASSETS) ? IMMUTABLE : REVALIDATE);
    },
  });
  app.get("/*", { config: { public: true } }, async (request, reply) => {
    const file = request.url.split("?")[0] ?? "/";
    // The router's decoded path, not the raw URL: /%61pi/... is an API path too.
    const decoded = `/${(request.params as { "*"?: string })["*"] ?? ""}`;
    if (decoded.startsWith("/api/")) {
      return reply.code(404).send({ message: `No API route for ${request.method} ${decoded}` });
    }
    if (isSourceMap(file)) return notFound(reply);
    const candidate = path.join(clientDir, path.normalize(file));
    if (
      file !== "/" &&
      candidate.startsWith(clientDir) &&
      existsSync(candidate) &&
      !candidate.endsWith(path.sep)
    ) {
      return reply.sendFile(path.relative(clientDir, candidate));
    }
    if (FILE_LIKE.test(file)) return notFound(reply);
    reply.header("cache-control", REVALIDATE);
    return reply.sendFile("index.html");
  });
}

function isSourceMap(pathname: string): boolean {
  return pathname.toLowerCase().endsWith(".map");
}

function notFound(reply: FastifyReply) {
  return reply.code(404).send({ message: "Not found" });
}
