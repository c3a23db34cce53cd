import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Invalid } from "../../domain/errors";
import { createTestApp, type TestApp } from "../../test/app";
import { buildWorkspace } from "../../test/factories";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t.close());

/** What the enterprise dashboard asks of the dialer (its CampaignPort), through the dialer service. */
describe("the enterprise dashboard's campaigns", () => {
  it("starts a predictive campaign for chosen contacts; those it cannot dial are skipped with why", async () => {
    const c = await buildWorkspace(t);
    const add = async (fields: Record<string, unknown>) =>
      (await c.post("/api/contacts", fields)).json().id as string;
    const ok = await add({ name: "Ready Caller", phoneNumber: "+15553030001" });
    const quiet = await add({ name: "Quiet Caller", phoneNumber: "+15553030002", doNotCall: true });
    const none = await add({ name: "No Number" });
    const account = await t.app.services.directory.load(c.user.workspace.id);
    if (!account) throw new Error("no account");
    const dialer = t.app.services.dialer;
    const started = await dialer.startForContacts(account, {
      campaignType: "cold_outreach",
      contactIds: [ok, quiet, none],
    });
    expect(started).toMatchObject({
      status: "active",
      leadsAdded: 1,
      skipped: [
        { contactId: none, reason: "Line 3: No phone number available" },
        { contactId: quiet, reason: "On the do-not-call list: added, never dialled" },
      ],
    });
    expect(started.name).toMatch(/^Cold outreach /);
    const campaign = (await c.get(`/api/autodialer/campaigns/${started.campaignId}`)).json();
    expect(campaign).toMatchObject({
      dialingMode: "predictive",
      totalLeads: 2,
      dialableLeads: 1,
      status: "active",
    });
    expect(await dialer.leadFigures(account)).toEqual({
      total: 2,
      contacted: 0,
      qualified: 0,
      interested: 0,
      sales: 0,
    });
  });

  it("leaves no campaign behind when none of the contacts can be dialled", async () => {
    const c = await buildWorkspace(t);
    const none = (await c.post("/api/contacts", { name: "No Number" })).json().id as string;
    const account = await t.app.services.directory.load(c.user.workspace.id);
    if (!account) throw new Error("no account");
    await expect(
      t.app.services.dialer.startForContacts(account, { campaignType: "follow_up", contactIds: [none] }),
    ).rejects.toBeInstanceOf(Invalid);
    expect((await c.get("/api/autodialer/campaigns")).json()).toEqual([]);
  });
});
