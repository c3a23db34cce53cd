import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BulkActionResult } from "../../../common/contacts-bulk";
import type { Segment } from "../../../common/segments";
import { createTestApp, type TestApp, type TestClient } from "../../test/app";
import { workspaceDigest } from "../../test/contacts-digest";
import { buildMember, buildWorkspace, type SignedInClient } from "../../test/factories";

/**
 * Bulk work on contacts and saved segments, over HTTP: each action on a selection picked by id
 * and on every contact matching a filter, in the request (up to 1,000) and undone exactly; a
 * segment's live count; a segment as a dialer campaign's leads and an email campaign's audience;
 * another workspace's ids; input that is refused. The 100,000-contact jobs are bulk-large.test.ts.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The contacts of contactsCsv: numbers in four zones, no email on every tenth, "old" on every fifth and seventh. */
function csvContacts(count: number, prefix = "Bulk") {
  const areas = ["212", "312", "415", "305"];
  return Array.from({ length: count }, (_, i) => ({
    name: `${prefix} ${i}`,
    phone: `+1${areas[i % areas.length]}555${String(i).padStart(4, "0")}`,
    email: i % 10 === 0 ? "" : `${prefix.toLowerCase()}${i}@example.com`,
    tags: i % 7 === 0 ? ["old", "vip"] : i % 5 === 0 ? ["old"] : [],
  }));
}

function contactsCsv(count: number, prefix = "Bulk"): string {
  const lines = csvContacts(count, prefix).map(
    (row) => `${row.name},${row.phone},${row.email},Acme,"${row.tags.join(", ")}"`,
  );
  return ["Name,Phone,Email,Company,Tags", ...lines].join("\n");
}

/** How many of contactsCsv's contacts pass `test`. */
const csvCount = (count: number, test: (row: ReturnType<typeof csvContacts>[number]) => boolean) =>
  csvContacts(count).filter(test).length;

async function importContacts(c: TestClient, count: number, prefix?: string): Promise<void> {
  const res = await c.post("/api/contacts/import", { csvData: contactsCsv(count, prefix) });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().imported).toBe(count);
}

async function bulk(c: TestClient, selection: unknown, action: unknown) {
  return c.post("/api/contacts/bulk", { selection, action });
}

const workspaceOf = (c: SignedInClient) => c.user.workspace.id;

type Listed = { id: string; name: string; email: string | null; tags: string[] };

/** The contacts the list shows (200 at most), oldest first unless `query` sorts otherwise. */
async function listed(c: TestClient, query = ""): Promise<Listed[]> {
  const params = new URLSearchParams(query);
  if (!params.has("limit")) params.set("limit", "200");
  if (!params.has("sort")) params.set("sort", "oldest");
  const res = await c.get(`/api/contacts?${params}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Listed[];
}

const idsOf = async (c: TestClient, query = "") => (await listed(c, query)).map((contact) => contact.id);

describe("bulk actions in the request (up to 1,000 contacts)", () => {
  it("tags, untags, sets status, marks do-not-call and deletes 1,000 contacts matching a filter, each undone exactly", async () => {
    const c = await buildWorkspace(t);
    await importContacts(c, 1_000);
    // A contact's call history, and a list it is in: a deletion's undo must bring both back.
    const [first] = await idsOf(c, "limit=1");
    await rows(sql`insert into phone_logs (workspace_id, contact_id, phone_number) values
      (${workspaceOf(c as SignedInClient)}::uuid, ${first}::uuid, '+12125550000')`);
    const list = await c.post("/api/contacts/segments", { name: "Kept list", kind: "list" });
    await bulk(c, { ids: [first] }, { type: "addToList", listId: list.json().id });
    const before = await workspaceDigest(t, workspaceOf(c as SignedInClient));
    expect(before.count).toBe(1_000);

    const actions = [
      { action: { type: "tag", tags: ["spring", "vip"] }, changed: 1_000 },
      // "old" is on every fifth and every seventh contact: 200 + 143 - 29 = 314.
      { action: { type: "untag", tags: ["old"] }, changed: 314 },
      { action: { type: "status", status: "interested" }, changed: 1_000 },
      { action: { type: "doNotCall" }, changed: 1_000 },
      { action: { type: "delete" }, changed: 1_000 },
    ];
    for (const { action, changed } of actions) {
      const done = await bulk(c, { filter: {} }, action);
      expect(done.statusCode, done.body).toBe(200);
      const result = done.json() as BulkActionResult;
      expect(result).toMatchObject({
        status: "completed",
        total: 1_000,
        done: 1_000,
        changed,
        undoable: true,
      });
      expect(result.jobId).toBeNull();
      const after = await workspaceDigest(t, workspaceOf(c as SignedInClient));
      expect(after.contacts).not.toBe(before.contacts);

      const undone = await c.post(`/api/contacts/bulk/${result.id}/undo`);
      expect(undone.statusCode, undone.body).toBe(200);
      expect(undone.json()).toMatchObject({ status: "undone", restored: changed, kept: 0, undoable: false });
      expect(await workspaceDigest(t, workspaceOf(c as SignedInClient)), `${action.type} undone`).toEqual(
        before,
      );
    }
  }, 180_000);

  it("acts on rows picked by id and on a filter's matches only, and says what it did", async () => {
    const c = await buildWorkspace(t);
    await importContacts(c, 60, "Pick");
    const picked = (await idsOf(c)).slice(0, 5);
    const tagged = await bulk(c, { ids: picked }, { type: "tag", tags: ["hot"] });
    expect(tagged.json()).toMatchObject({ changed: 5, message: 'Tagged 5 contacts "hot".' });
    expect((await idsOf(c, "tag=hot")).sort()).toEqual([...picked].sort());

    // Every contact tagged "hot" set to qualified: the filter is the list screen's.
    const status = await bulk(c, { filter: { tag: "hot" } }, { type: "status", status: "qualified" });
    expect(status.json()).toMatchObject({ total: 5, changed: 5 });
    expect(await c.get("/api/contacts?status=qualified").then((r) => r.headers["x-total-count"])).toBe("5");

    // Tagging again changes only those without the tag; a later edit survives the undo.
    const again = await bulk(c, { filter: { search: "pick 1" } }, { type: "tag", tags: ["hot"] });
    const againResult = again.json() as BulkActionResult;
    expect(againResult.total).toBe(11);
    // One the action tagged (not one of the five tagged before it).
    const matches = (await c.get("/api/contacts?search=pick%201&limit=50")).json() as {
      id: string;
      tags: string[];
    }[];
    const edited = matches.find((contact) => !picked.includes(contact.id));
    if (!edited) throw new Error("every match was picked before");
    await c.patch(`/api/contacts/${edited.id}`, { tags: [...edited.tags, "edited"] });
    const undone = await c.post(`/api/contacts/bulk/${againResult.id}/undo`);
    expect(undone.json()).toMatchObject({ restored: againResult.changed - 1, kept: 1 });
    expect(undone.json().message).toContain("1 contact changed since kept their changes");
    const kept = (await c.get(`/api/contacts/${edited.id}`)).json();
    expect(kept.tags).toEqual(expect.arrayContaining(["hot", "edited"]));
  });

  it("exports the selection as CSV: picked rows, or all matching", async () => {
    const c = await buildWorkspace(t);
    await importContacts(c, 20, "Exp");
    const picked = (await listed(c)).slice(0, 3);
    const byId = await c.post("/api/contacts/bulk/export", { selection: { ids: picked.map((x) => x.id) } });
    expect(byId.statusCode).toBe(200);
    expect(byId.headers["content-type"]).toContain("text/csv");
    const lines = byId.body.trim().split("\r\n");
    expect(lines).toHaveLength(4);
    // Oldest first, as the list's "oldest" sort shows them.
    expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual(picked.map((x) => x.name));
    const matching = await c.post("/api/contacts/bulk/export", {
      selection: { filter: { search: "exp 1" } },
    });
    expect(matching.body.trim().split("\r\n")).toHaveLength(1 + 11);
  });

  it("offers undo for the last action only, once, and refuses a second action while one runs", async () => {
    const c = await buildWorkspace(t);
    await importContacts(c, 10, "Last");
    const first = (await bulk(c, { filter: {} }, { type: "tag", tags: ["a"] })).json() as BulkActionResult;
    const second = (await bulk(c, { filter: {} }, { type: "tag", tags: ["b"] })).json() as BulkActionResult;
    const last = (await c.get("/api/contacts/bulk/last")).json();
    expect(last.action).toMatchObject({ id: second.id, undoable: true });
    expect((await c.get(`/api/contacts/bulk/${first.id}`)).json().undoable).toBe(false);
    const old = await c.post(`/api/contacts/bulk/${first.id}/undo`);
    expect(old.statusCode).toBe(409);
    expect(old.json().message).toBe("Only the last bulk action can be undone");
    expect((await c.post(`/api/contacts/bulk/${second.id}/undo`)).statusCode).toBe(200);
    const twice = await c.post(`/api/contacts/bulk/${second.id}/undo`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe("This bulk action was already undone");

    // An action still running holds the workspace's contacts for itself.
    await rows(
      sql`update contact_bulk_actions set status = 'running', undone_at = null where id = ${second.id}::uuid`,
    );
    const busy = await bulk(c, { filter: {} }, { type: "tag", tags: ["c"] });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toContain("Another bulk action is still running");
    // One run in a request that has not moved for minutes was cut off with its server: it is
    // settled as failed (undoable), and the workspace can act again.
    await rows(
      sql`update contact_bulk_actions set touched_at = now() - interval '10 minutes' where id = ${second.id}::uuid`,
    );
    const stale = (await c.get(`/api/contacts/bulk/${second.id}`)).json() as BulkActionResult;
    expect(stale).toMatchObject({ status: "failed", undoable: true });
    expect(stale.error).toContain("stopped when the server did");
    expect((await bulk(c, { filter: {} }, { type: "tag", tags: ["c"] })).statusCode).toBe(200);
  });

  it("leaves deleting and adding leads in bulk to admins, and undo to the author or an admin", async () => {
    const owner = await buildWorkspace(t);
    await importContacts(owner, 5, "Role");
    const agent = await buildMember(t, owner, "agent");
    const other = await buildMember(t, owner, "agent");
    const deleting = await bulk(agent, { filter: {} }, { type: "delete" });
    expect(deleting.statusCode).toBe(403);
    expect(deleting.json().message).toBe("Deleting contacts in bulk needs the admin role (or the owner)");
    const campaign = await owner.post("/api/autodialer/campaigns", {
      name: "Role calls",
      dialingMode: "manual",
    });
    const leads = await bulk(
      agent,
      { filter: {} },
      { type: "addToCampaign", campaignId: campaign.json().id },
    );
    expect(leads.statusCode).toBe(403);
    expect(leads.json().message).toContain("admin");
    const tagged = (await bulk(agent, { filter: {} }, { type: "tag", tags: ["agent"] })).json();
    const byOther = await other.post(`/api/contacts/bulk/${tagged.id}/undo`);
    expect(byOther.statusCode).toBe(403);
    expect((await owner.post(`/api/contacts/bulk/${tagged.id}/undo`)).statusCode).toBe(200);
  });
});

describe("saved segments", () => {
  it("counts a filter's contacts live on the server: tags, status, source, score, last called and zone", async () => {
    const c = await buildWorkspace(t);
    const made: Record<string, string> = {};
    const add = async (name: string, fields: Record<string, unknown>) => {
      const res = await c.post("/api/contacts", { name, ...fields });
      expect(res.statusCode, res.body).toBe(201);
      made[name] = res.json().id;
    };
    await add("New York hot", {
      phoneNumber: "+12125550101",
      tags: ["hot"],
      leadScore: 80,
      email: "a@x.test",
    });
    await add("Chicago hot", { phoneNumber: "+13125550102", tags: ["hot", "vip"], leadScore: 60 });
    await add("Los Angeles", { phoneNumber: "+14155550103", contactStatus: "interested", leadScore: 20 });
    await add("London recorded", {
      phoneNumber: "+12125550104",
      timezone: "Europe/London",
      leadSource: "referral",
    });
    await add("No phone", { email: "nophone@x.test" });
    // Last called: one a year ago, one yesterday.
    await rows(
      sql`update contacts set last_called = now() - interval '365 days' where id = ${made["Chicago hot"]}::uuid`,
    );
    await rows(
      sql`update contacts set last_called = now() - interval '1 day' where id = ${made["Los Angeles"]}::uuid`,
    );

    const count = async (filter: Record<string, unknown>) => {
      const res = await c.post("/api/contacts/segments/count", filter);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().count as number;
    };
    expect(await count({})).toBe(5);
    expect(await count({ tags: ["hot"] })).toBe(2);
    expect(await count({ tags: ["hot", "vip"], tagsMatch: "all" })).toBe(1);
    expect(await count({ tags: ["vip", "nothing"] })).toBe(1);
    expect(await count({ statuses: ["interested", "qualified"] })).toBe(1);
    expect(await count({ sources: ["referral"] })).toBe(1);
    expect(await count({ leadScoreMin: 50 })).toBe(2);
    expect(await count({ leadScoreMin: 10, leadScoreMax: 60 })).toBe(2);
    const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString();
    expect(await count({ lastCalledBefore: monthAgo })).toBe(1);
    expect(await count({ lastCalledAfter: monthAgo })).toBe(1);
    expect(await count({ neverCalled: true })).toBe(3);
    expect(await count({ timezones: ["America/Chicago"] })).toBe(1);
    expect(await count({ timezones: ["America/Los_Angeles", "Europe/London"] })).toBe(2);
    // New York: its number's zone, and the contact with no number (which shows New York).
    expect(await count({ timezones: ["America/New_York"] })).toBe(2);

    // The zone filter agrees with the zone every contact shows on the screens.
    const listed = (await c.get("/api/contacts?limit=200")).json() as { timezone: string }[];
    for (const zone of ["America/New_York", "America/Chicago", "America/Los_Angeles", "Europe/London"])
      expect(await count({ timezones: [zone] }), zone).toBe(listed.filter((x) => x.timezone === zone).length);

    const saved = await c.post("/api/contacts/segments", { name: "Hot leads", filter: { tags: ["hot"] } });
    expect(saved.statusCode, saved.body).toBe(201);
    const segment = saved.json() as Segment;
    expect(segment).toMatchObject({
      name: "Hot leads",
      kind: "filter",
      count: 2,
      withEmail: 1,
      withPhone: 2,
    });
    // Live: tagging a third contact is counted the next time the segment is read.
    await c.patch(`/api/contacts/${made["Los Angeles"]}`, { tags: ["hot"] });
    expect((await c.get(`/api/contacts/segments/${segment.id}`)).json().count).toBe(3);
    const listedSegments = (await c.get("/api/contacts/segments")).json() as Segment[];
    expect(listedSegments.find((x) => x.id === segment.id)?.count).toBe(3);
    // The contacts list narrows by it, with the list's own filters on top.
    expect((await c.get(`/api/contacts?segment=${segment.id}`)).headers["x-total-count"]).toBe("3");
    expect((await c.get(`/api/contacts?segment=${segment.id}&tag=vip`)).headers["x-total-count"]).toBe("1");
    // Renamed and refiltered; a second of the same name is refused.
    const changed = await c.patch(`/api/contacts/segments/${segment.id}`, {
      name: "Hot or VIP",
      filter: { tags: ["hot", "vip"], leadScoreMin: 50 },
    });
    expect(changed.json()).toMatchObject({ name: "Hot or VIP", count: 2 });
    const dup = await c.post("/api/contacts/segments", { name: "hot or vip", filter: {} });
    expect(dup.statusCode).toBe(409);
    expect((await c.delete(`/api/contacts/segments/${segment.id}`)).statusCode).toBe(204);
    expect((await c.get(`/api/contacts/segments/${segment.id}`)).statusCode).toBe(404);
  });

  it("is a dialer campaign's lead source: its contacts become leads, undone with the action", async () => {
    const c = await buildWorkspace(t);
    await importContacts(c, 40, "Lead");
    const segment = (
      await c.post("/api/contacts/segments", { name: "Chicago", filter: { timezones: ["America/Chicago"] } })
    ).json() as Segment;
    expect(segment.count).toBe(10);
    // One of them is on the do-not-call list: it comes in marked, never dialled.
    const [chicago] = (await c.get(`/api/contacts?segment=${segment.id}&sort=oldest`)).json() as {
      phoneNumber: string;
    }[];
    await c.post("/api/do-not-call", { phoneNumber: chicago?.phoneNumber });
    const campaign = (
      await c.post("/api/autodialer/campaigns", { name: "Chicago calls", dialingMode: "manual" })
    ).json() as { id: string };
    const added = await bulk(
      c,
      { filter: { segmentId: segment.id } },
      { type: "addToCampaign", campaignId: campaign.id },
    );
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ total: 10, changed: 10, label: "Add to campaign Chicago calls" });
    const leads = (await c.get(`/api/autodialer/campaigns/${campaign.id}/leads?limit=100`)).json();
    expect(leads.total).toBe(10);
    expect(leads.leads.filter((lead: { status: string }) => lead.status === "do_not_call")).toHaveLength(1);
    // Adding the same segment again adds nobody twice.
    const again = await bulk(
      c,
      { filter: { segmentId: segment.id } },
      { type: "addToCampaign", campaignId: campaign.id },
    );
    expect(again.json()).toMatchObject({ total: 10, changed: 0 });
    await c.post(`/api/contacts/bulk/${again.json().id}/undo`);
    expect((await c.get(`/api/autodialer/campaigns/${campaign.id}/leads`)).json().total).toBe(10);

    const second = (
      await c.post("/api/autodialer/campaigns", { name: "Second calls", dialingMode: "manual" })
    ).json() as { id: string };
    const more = (
      await bulk(c, { filter: { segmentId: segment.id } }, { type: "addToCampaign", campaignId: second.id })
    ).json();
    const undone = await c.post(`/api/contacts/bulk/${more.id}/undo`);
    expect(undone.json()).toMatchObject({ status: "undone", restored: 10 });
    expect((await c.get(`/api/autodialer/campaigns/${second.id}/leads`)).json().total).toBe(0);
  });

  it("is an email campaign's audience: a filter segment, and a list built from a selection", async () => {
    const c = await buildWorkspace(t);
    await c.put("/api/email-marketing/settings", { postalAddress: "1 Main St, Orlando, FL 32801" });
    await importContacts(c, 50, "Mail");
    const template = await c.post("/api/email-marketing/templates", {
      name: "Hello",
      subject: "Hello {{firstName|there}}",
      textContent: "Hi {{firstName|there}}",
    });
    const tagged = (
      await c.post("/api/contacts/segments", { name: "Old tag", filter: { tags: ["old"] } })
    ).json() as Segment;
    const old = (row: { tags: string[] }) => row.tags.includes("old");
    expect(tagged.count).toBe(csvCount(50, old));
    const withEmail = csvCount(50, (row) => old(row) && row.email !== "");
    expect(tagged.withEmail).toBe(withEmail);
    const preview = await c.post("/api/email-marketing/preview-leads", { segmentId: tagged.id });
    expect(preview.json().totalMatched).toBe(withEmail);
    const sent = await c.post("/api/email-marketing/send-campaign", {
      templateId: template.json().id,
      segmentId: tagged.id,
      limit: 1000,
    });
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json().totalRecipients).toBe(withEmail);

    // A selection put into a new audience (a list), then sent to.
    const first8 = (await listed(c)).slice(0, 8);
    const picked = first8.map((x) => x.id);
    const listing = await bulk(c, { ids: picked }, { type: "addToList", newListName: "Fair visitors" });
    expect(listing.statusCode, listing.body).toBe(200);
    const lists = (await c.get("/api/contacts/segments")).json() as Segment[];
    const fair = lists.find((x) => x.name === "Fair visitors");
    const reachable = first8.filter((x) => x.email).length;
    expect(fair).toMatchObject({ kind: "list", count: 8, withEmail: reachable });
    const toList = await c.post("/api/email-marketing/send-campaign", {
      templateId: template.json().id,
      segmentId: fair?.id,
      limit: 1000,
    });
    expect(toList.json().totalRecipients).toBe(reachable);
    // More added to the same list; the undo takes out just those, and a new list made by an
    // action goes with its undo once empty.
    const more = await bulk(
      c,
      { ids: (await idsOf(c)).slice(5, 12) },
      { type: "addToList", listId: fair?.id },
    );
    expect(more.json()).toMatchObject({ changed: 4 });
    await c.post(`/api/contacts/bulk/${more.json().id}/undo`);
    expect((await c.get(`/api/contacts/segments/${fair?.id}`)).json().count).toBe(8);
    const fresh = (
      await bulk(c, { ids: picked.slice(0, 2) }, { type: "addToList", newListName: "Short lived" })
    ).json();
    await c.post(`/api/contacts/bulk/${fresh.id}/undo`);
    expect(((await c.get("/api/contacts/segments")).json() as Segment[]).map((x) => x.name)).not.toContain(
      "Short lived",
    );
  });
});

describe("another workspace's ids", () => {
  it("answers 404 for its segments, bulk actions, contacts, lists and campaigns", async () => {
    const owner = await buildWorkspace(t);
    await importContacts(owner, 5, "Mine");
    const intruder = await buildWorkspace(t);
    await importContacts(intruder, 5, "Theirs");
    const segment = (
      await owner.post("/api/contacts/segments", { name: "Mine", filter: {} })
    ).json() as Segment;
    const list = (
      await owner.post("/api/contacts/segments", { name: "My list", kind: "list" })
    ).json() as Segment;
    const action = (
      await bulk(owner, { filter: {} }, { type: "tag", tags: ["x"] })
    ).json() as BulkActionResult;
    const campaign = (
      await owner.post("/api/autodialer/campaigns", { name: "Mine", dialingMode: "manual" })
    ).json();
    const ownerIds = await idsOf(owner);
    const theirIds = await idsOf(intruder);

    const answers = [
      await intruder.get(`/api/contacts/segments/${segment.id}`),
      await intruder.patch(`/api/contacts/segments/${segment.id}`, { name: "Taken" }),
      await intruder.delete(`/api/contacts/segments/${segment.id}`),
      await intruder.get(`/api/contacts/bulk/${action.id}`),
      await intruder.post(`/api/contacts/bulk/${action.id}/undo`),
      await intruder.get(`/api/contacts?segment=${segment.id}`),
      await intruder.get(`/api/contacts/export?segment=${segment.id}`),
      await bulk(intruder, { ids: [...theirIds, ownerIds[0]] }, { type: "tag", tags: ["stolen"] }),
      await bulk(intruder, { filter: { segmentId: segment.id } }, { type: "tag", tags: ["stolen"] }),
      await bulk(intruder, { filter: {} }, { type: "addToList", listId: list.id }),
      await bulk(intruder, { filter: {} }, { type: "addToCampaign", campaignId: campaign.id }),
      await intruder.post("/api/contacts/bulk/export", { selection: { ids: [ownerIds[0]] } }),
      await intruder.post("/api/email-marketing/preview-leads", { segmentId: segment.id }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 404));
    // Nothing of the owner's changed.
    const mine = (await owner.get("/api/contacts?tag=stolen")).headers["x-total-count"];
    expect(mine).toBe("0");
    expect((await owner.get(`/api/contacts/segments/${segment.id}`)).json().name).toBe("Mine");
    expect((await owner.get("/api/contacts/bulk/last")).json().action.id).toBe(action.id);
  });
});

describe("input that is refused", () => {
  it("answers 4xx with a message a person can act on", async () => {
    const c = await buildWorkspace(t);
    await importContacts(c, 3, "Bad");
    const [id] = await idsOf(c);
    const cases: [unknown, number, string][] = [
      [{}, 400, ""],
      [{ selection: { ids: [] }, action: { type: "tag", tags: ["x"] } }, 400, "Select at least one contact"],
      [
        { selection: { ids: ["nope"] }, action: { type: "tag", tags: ["x"] } },
        400,
        "That contact id is not valid",
      ],
      [{ selection: { ids: [id], filter: {} }, action: { type: "tag", tags: ["x"] } }, 400, ""],
      [{ selection: { filter: {} }, action: { type: "paint" } }, 400, ""],
      [{ selection: { filter: {} }, action: { type: "tag", tags: [] } }, 400, "Enter at least one tag"],
      [
        { selection: { filter: {} }, action: { type: "tag", tags: ["x".repeat(51)] } },
        400,
        "at most 50 characters",
      ],
      [{ selection: { filter: {} }, action: { type: "status", status: "won" } }, 400, "Status must be"],
      [{ selection: { filter: {} }, action: { type: "addToCampaign" } }, 400, "Choose the dialer campaign"],
      [
        { selection: { filter: {} }, action: { type: "addToList" } },
        400,
        "Choose an email audience, or name a new one",
      ],
      [{ selection: { filter: { status: "won" } }, action: { type: "doNotCall" } }, 400, "Unknown status"],
      [
        { selection: { filter: { search: "nobody at all" } }, action: { type: "doNotCall" } },
        400,
        "No contacts match",
      ],
      [
        { selection: { ids: Array.from({ length: 5_001 }, () => id) }, action: { type: "tag", tags: ["x"] } },
        400,
        "Select at most 5,000 contacts",
      ],
      [
        { selection: { filter: {} }, action: { type: "addToCampaign", campaignId: id } },
        404,
        "That campaign was not found",
      ],
    ];
    for (const [body, status, text] of cases) {
      const res = await c.post("/api/contacts/bulk", body);
      expect(res.statusCode, `${JSON.stringify(body).slice(0, 120)}: ${res.body}`).toBe(status);
      expect(res.json().message).toContain(text);
    }
    const segments: [unknown, string][] = [
      [{ filter: {} }, "Please name the segment"],
      [{ name: "x" }, "A filter segment needs its filter"],
      [{ name: "x", filter: { leadScoreMin: 80, leadScoreMax: 20 } }, "must not be above the highest"],
      [{ name: "x", filter: { timezones: ["Mars/Olympus"] } }, "Each time zone must be a name"],
      [{ name: "x", filter: { lastCalledAfter: "soon" } }, "must be a date"],
      [{ name: "x", filter: { neverCalled: true, lastCalledBefore: "2025-01-01" } }, "never-called"],
      [{ name: "x", kind: "list", filter: { tags: ["a"] } }, "A list has members, not a filter"],
      [{ name: "x", filter: { statuses: ["won"] } }, "Unknown status"],
    ];
    for (const [body, text] of segments) {
      const res = await c.post("/api/contacts/segments", body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message + JSON.stringify(res.json().issues ?? [])).toContain(text);
    }
    const list = (await c.post("/api/contacts/segments", { name: "A list", kind: "list" })).json();
    const refilter = await c.patch(`/api/contacts/segments/${list.id}`, { filter: { tags: ["a"] } });
    expect(refilter.statusCode).toBe(400);
    expect((await c.patch(`/api/contacts/segments/${list.id}`, {})).statusCode).toBe(400);
    expect((await c.get("/api/contacts/segments/not-an-id")).statusCode).toBe(400);
    expect((await c.get("/api/contacts?segment=nope")).statusCode).toBe(400);
    expect((await c.post("/api/contacts/bulk/nope/undo")).statusCode).toBe(400);
    // A filter segment is not an email audience to add contacts to.
    const filterSegment = (await c.post("/api/contacts/segments", { name: "Filter", filter: {} })).json();
    const notAList = await bulk(c, { filter: {} }, { type: "addToList", listId: filterSegment.id });
    expect(notAList.statusCode).toBe(404);
    expect(notAList.json().message).toBe("That email audience was not found");
  });
});
