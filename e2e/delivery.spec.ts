import { expect, test } from "@playwright/test";

/** The real build, served by the real server. */
test("the built app's script goes out brotli-compressed and cached, and no source map is public", async ({
  request,
}) => {
  const index = await request.get("/", { headers: { "accept-encoding": "br, gzip" } });
  expect(index.status()).toBe(200);
  expect(index.headers()["cache-control"]).toBe("no-cache");
  const html = await index.text();
  const scripts = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)].map((match) => match[1]!);
  expect(scripts.length).toBeGreaterThan(0);

  for (const script of scripts) {
    const compressed = await request.get(script, { headers: { "accept-encoding": "br, gzip" } });
    expect(compressed.status()).toBe(200);
    expect(compressed.headers()["content-encoding"]).toBe("br");
    expect(compressed.headers().vary?.toLowerCase()).toContain("accept-encoding");
    expect(compressed.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");

    const gzipped = await request.get(script, { headers: { "accept-encoding": "gzip" } });
    expect(gzipped.headers()["content-encoding"]).toBe("gzip");

    const body = await compressed.text();
    expect(body).not.toContain("sourceMappingURL");
    const map = await request.get(`${script}.map`);
    expect(map.status()).toBe(404);
  }

  const worker = await request.get("/sw.js");
  expect(worker.status()).toBe(200);
  expect(worker.headers()["cache-control"]).toBe("no-cache");
});
