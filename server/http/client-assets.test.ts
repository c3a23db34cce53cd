import { access, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moveSourceMaps, precompressDirectory } from "../../scripts/compress-assets";
import { createTestApp, type TestApp } from "../test/app";

/**
 * Delivery of the built client: hashed assets go out precompressed with a
 * year's cache, index.html and the service worker are revalidated every time, and source maps
 * are never served. The client folder here is laid out like `vite build` writes it, with the
 * .br and .gz files the build step adds.
 */

const SCRIPT = "assets/index-Dbq_S5WO.js";
const scriptText = `${"export const screens = ['dashboard', 'history', 'appointments'];\n".repeat(400)}`;

let clientDir: string;
let t: TestApp;

beforeAll(async () => {
  clientDir = await mkdtemp(path.join(os.tmpdir(), "aip-client-"));
  await mkdir(path.join(clientDir, "assets"));
  const files: Record<string, string> = {
    "index.html": `<!doctype html><html><head><script type="module" src="/${SCRIPT}"></script></head></html>`,
    "sw.js": "self.addEventListener('fetch', () => {});",
    [SCRIPT]: scriptText,
    // A source map left in the folder by mistake must still not be served.
    [`${SCRIPT}.map`]: JSON.stringify({ version: 3, sources: ["client/src/secret-plans.ts"] }),
  };
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(clientDir, name), text);
  await writeFile(path.join(clientDir, `${SCRIPT}.br`), brotliCompressSync(scriptText));
  await writeFile(path.join(clientDir, `${SCRIPT}.gz`), gzipSync(scriptText));
  t = await createTestApp({ clientDir });
});

afterAll(async () => {
  await t.close();
  await rm(clientDir, { recursive: true, force: true });
});

describe("the built client", () => {
  it("sends the script brotli-compressed to a browser that accepts it, cached for a year", async () => {
    const res = await t.client().get(`/${SCRIPT}`, { headers: { "accept-encoding": "br, gzip" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(String(res.headers["content-type"])).toMatch(/javascript/);
    expect(String(res.headers.vary).toLowerCase()).toContain("accept-encoding");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(scriptText);
    expect(res.rawPayload.length).toBeLessThan(scriptText.length / 5);
  });

  it("sends gzip to a browser that accepts only gzip, and the plain file to one that accepts neither", async () => {
    const gzipped = await t.client().get(`/${SCRIPT}`, { headers: { "accept-encoding": "gzip, deflate" } });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(scriptText);

    const plain = await t.client().get(`/${SCRIPT}`, { headers: { "accept-encoding": "identity" } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(String(plain.headers.vary).toLowerCase()).toContain("accept-encoding");
    expect(plain.body).toBe(scriptText);
  });

  it("never serves a source map, however the path is spelled", async () => {
    for (const spelling of [
      `/${SCRIPT}.map`,
      `/${SCRIPT}.%6Dap`,
      `/${SCRIPT}.MAP`,
      `/assets/../${SCRIPT}.map`,
    ]) {
      for (const encoding of ["br, gzip", "identity"]) {
        const res = await t.client().get(spelling, { headers: { "accept-encoding": encoding } });
        expect(res.body, spelling).not.toContain("secret-plans");
        expect(res.statusCode, spelling).not.toBe(200);
      }
    }
  });

  it("answers 404 for a missing asset instead of the app's HTML", async () => {
    for (const missing of ["/assets/index-0ld0ld.js", "/assets/gone.css", "/favicon.ico"]) {
      const res = await t.client().get(missing, { headers: { "accept-encoding": "br, gzip" } });
      expect(res.statusCode, missing).toBe(404);
      expect(res.body).not.toContain("<!doctype html>");
    }
  });

  it("revalidates index.html on every visit, at / and on app routes", async () => {
    for (const route of ["/", "/call-history", "/checkout/abc"]) {
      const res = await t.client().get(route, { headers: { "accept-encoding": "identity" } });
      expect(res.statusCode, route).toBe(200);
      expect(res.headers["cache-control"], route).toBe("no-cache");
      expect(res.body).toContain(SCRIPT);
    }
  });

  it("revalidates the service worker on every visit", async () => {
    const res = await t.client().get("/sw.js");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(res.body).toBe(await readFile(path.join(clientDir, "sw.js"), "utf8"));
  });

  it("keeps unknown API paths JSON", async () => {
    const res = await t.client().get("/api/no-such-thing");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: "No API route for GET /api/no-such-thing" });
  });
});

describe("the build's delivery step", () => {
  it("writes .br and .gz beside text assets, skips small and binary files, and moves maps out", async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), "aip-build-"));
    const out = path.join(root, "client");
    const maps = path.join(root, "sourcemaps");
    await mkdir(path.join(out, "assets"), { recursive: true });
    const css = `${".card { padding: 1rem; margin: 0 auto; }\n".repeat(100)}`;
    await writeFile(path.join(out, SCRIPT), scriptText);
    await writeFile(path.join(out, "assets/index-BEgWYkWW.css"), css);
    await writeFile(path.join(out, "index.html"), "<!doctype html><title>small</title>");
    await writeFile(path.join(out, "assets/icon.png"), Buffer.alloc(4096, 7));
    await writeFile(path.join(out, `${SCRIPT}.map`), "{}");

    expect(await moveSourceMaps(out, maps)).toEqual([`${SCRIPT}.map`]);
    const compressed = await precompressDirectory(out);

    expect(compressed.map((file) => file.file).sort()).toEqual(["assets/index-BEgWYkWW.css", SCRIPT]);
    expect(brotliDecompressSync(await readFile(path.join(out, `${SCRIPT}.br`))).toString()).toBe(scriptText);
    expect(gunzipSync(await readFile(path.join(out, `${SCRIPT}.gz`))).toString()).toBe(scriptText);
    expect(gunzipSync(await readFile(path.join(out, "assets/index-BEgWYkWW.css.gz"))).toString()).toBe(css);
    const exists = (file: string) =>
      access(file).then(
        () => true,
        () => false,
      );
    expect(await exists(path.join(out, "index.html.br"))).toBe(false);
    expect(await exists(path.join(out, "assets/icon.png.br"))).toBe(false);
    expect(await exists(path.join(out, `${SCRIPT}.map`))).toBe(false);
    expect(await exists(path.join(maps, `${SCRIPT}.map`))).toBe(true);
    await rm(root, { recursive: true, force: true });
  });
});
