import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { Account } from "../domain/account";
import { NotFound } from "../domain/errors";
import { createTestApp, type TestApp } from "../test/app";
import { buildWorkspace } from "../test/factories";
import { defineArea } from "./area";
import { AREAS } from "./areas";

/**
 * Adding an area is a folder with its module.ts and one line in areas.ts. This example area,
 * declared the way a real one is and added as one more entry of the list, gets its service built
 * from the core services and its routes registered, with the same guards as every route: signed
 * in, the workspace's role, domain failures answered by the error handler.
 */
function tipsService(core: { now: () => Date }) {
  const tips = new Map<string, string[]>();
  return {
    add(account: Account, text: string) {
      const mine = tips.get(account.id) ?? [];
      mine.push(`${text} (${core.now().getUTCFullYear()})`);
      tips.set(account.id, mine);
      return mine.length;
    },
    read(account: Account, index: number): string {
      const tip = tips.get(account.id)?.[index];
      if (tip === undefined) throw new NotFound("That tip does not exist");
      return tip;
    },
  };
}

const tipRoutes: FastifyPluginAsyncZod<{ tips: ReturnType<typeof tipsService> }> = async (app, { tips }) => {
  app.post(
    "/api/tips",
    {
      config: { role: "admin" },
      schema: {
        body: z.object({ text: z.string().min(1, "Write the tip") }),
        response: { 201: z.object({ count: z.number() }) },
      },
    },
    async (request, reply) => reply.code(201).send({ count: tips.add(request.account, request.body.text) }),
  );
  app.get(
    "/api/tips/:index",
    {
      config: { role: "agent" },
      schema: {
        params: z.object({ index: z.coerce.number().int().min(0) }),
        response: { 200: z.object({ tip: z.string() }) },
      },
    },
    async (request) => ({ tip: tips.read(request.account, request.params.index) }),
  );
};

const tipsArea = defineArea({
  name: "tips",
  build: (core) => tipsService(core),
  async routes(app, _context, tips) {
    await app.register(tipRoutes, { tips });
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { areas: [...AREAS, tipsArea] });
});
afterAll(() => t.close());

describe("an area added as one more entry of the areas list", () => {
  it("is built, routed and guarded like every area", async () => {
    expect(t.app.routeTable.filter((route) => route.url.startsWith("/api/tips"))).toEqual([
      { method: "POST", url: "/api/tips", isPublic: false, role: "admin", platformAdmin: false },
      { method: "GET", url: "/api/tips/:index", isPublic: false, role: "agent", platformAdmin: false },
    ]);
    const owner = await buildWorkspace(t);
    const added = await owner.post("/api/tips", { text: "Greet callers by name" });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toEqual({ count: 1 });
    expect((await owner.get("/api/tips/0")).json().tip).toMatch(/^Greet callers by name \(\d{4}\)$/);

    // The error handler answers its domain failure, the schema its bad input, the guard a stranger.
    expect((await owner.get("/api/tips/5")).json()).toMatchObject({ message: "That tip does not exist" });
    expect((await owner.get("/api/tips/5")).statusCode).toBe(404);
    const empty = await owner.post("/api/tips", { text: "" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain("Write the tip");
    expect((await t.client().get("/api/tips/0")).statusCode).toBe(401);
    // Another workspace reads none of this one's tips.
    const other = await buildWorkspace(t);
    expect((await other.get("/api/tips/0")).statusCode).toBe(404);
  });

  it("leaves the real list as it is: the example is not among the app's areas", () => {
    expect(AREAS.map((area) => area.name)).not.toContain("tips");
  });
});
