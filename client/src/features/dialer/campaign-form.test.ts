import {
  CAMPAIGN_DEFAULTS,
  type Campaign,
  DIAL_RATIO_RANGE,
  HOURS_ORDER,
  HOURS_OUTSIDE_LAW,
  MAX_LINES_RANGE,
  NAME_REQUIRED,
} from "@common/dialer";
import { describe, expect, it } from "vitest";
import { checkContract } from "../../lib/forms/contract-form";
import { firstTabWithError } from "../../lib/forms/field-errors";
import { CAMPAIGN_TABS, campaignBody, campaignContract, campaignFormState, tabOf } from "./campaign-form";

describe("the campaign form", () => {
  it("starts from the spec's defaults: predictive, 15 lines, ratio 2.5", () => {
    const form = campaignFormState(null);
    expect(form).toMatchObject({ dialingMode: "predictive", maxLines: "15", dialRatio: "2.5", name: "" });
    expect(form.callingHoursStart).toBe(CAMPAIGN_DEFAULTS.callingHoursStart);
    expect(form.maxAttempts).toBe(String(CAMPAIGN_DEFAULTS.maxAttempts));
  });

  it("asks for a name with the contract's message, on the first tab", () => {
    const checked = checkContract(campaignContract, campaignFormState(null));
    expect(checked).toEqual({ ok: false, errors: { name: NAME_REQUIRED } });
    if (!checked.ok) expect(firstTabWithError(checked.errors, CAMPAIGN_TABS, tabOf)).toBe("basics");
  });

  it("accepts a named campaign and sends numbers, nulls for blanks and the AI staffing", () => {
    const form = { ...campaignFormState(null), name: "Spring renewals", aiAgents: { "a-1": "3" } };
    const checked = checkContract(campaignContract, { ...form, aiAgents: {} });
    expect(checked.ok).toBe(true);
    const body = campaignBody(form);
    expect(body).toMatchObject({ maxLines: 15, dialRatio: 2.5, description: null, voicemailMessage: null });
    expect(body.aiAgents).toEqual([{ agentId: "a-1", concurrentCalls: 3 }]);
  });

  it("names each rule broken, on the tab that holds the field", () => {
    const base = { ...campaignFormState(null), name: "x" };
    const lines = checkContract(campaignContract, { ...base, maxLines: "0", dialRatio: "2.55" });
    expect(lines).toEqual({ ok: false, errors: { maxLines: MAX_LINES_RANGE, dialRatio: DIAL_RATIO_RANGE } });
    const order = checkContract(campaignContract, {
      ...base,
      callingHoursStart: "12:00",
      callingHoursEnd: "10:00",
    });
    expect(order).toEqual({ ok: false, errors: { callingHoursEnd: HOURS_ORDER } });
    if (!order.ok) expect(firstTabWithError(order.errors, CAMPAIGN_TABS, tabOf)).toBe("pacing");
    const law = checkContract(campaignContract, { ...base, callingHoursStart: "07:00" });
    expect(law).toEqual({ ok: false, errors: { callingHoursStart: HOURS_OUTSIDE_LAW } });
    expect(checkContract(campaignContract, { ...base, maxLines: "" }).ok).toBe(false);
    expect(tabOf("aiAgents.0.concurrentCalls")).toBe("messages");
  });

  it("fills the form from a saved campaign", () => {
    const saved = {
      ...CAMPAIGN_DEFAULTS,
      name: "Saved",
      description: "Renewals",
      voicemailMessage: null,
      businessName: "Acme",
      callbackNumber: "+15552014400",
      aiAgents: [{ agentId: "a-2", concurrentCalls: 4 }],
      maxLines: 20,
      dialRatio: 1.7,
    } as unknown as Campaign;
    const form = campaignFormState(saved);
    expect(form).toMatchObject({ name: "Saved", maxLines: "20", dialRatio: "1.7", businessName: "Acme" });
    expect(form.aiAgents).toEqual({ "a-2": "4" });
  });
});

describe("the agent desk's settings", () => {
  it("sends the defaults as null, and a list of the campaign's own once one is left out or renamed", () => {
    const fresh = campaignFormState(null);
    expect(campaignBody(fresh)).toMatchObject({ wrapUpSeconds: 30, scriptId: null, dispositions: null });
    const trimmed = {
      ...fresh,
      wrapUpSeconds: "45",
      dispositions: fresh.dispositions.map((entry) =>
        entry.code === "sale"
          ? { ...entry, label: "Sold a roof" }
          : { ...entry, offered: ["interested", "callback"].includes(entry.code) },
      ),
    };
    expect(campaignBody(trimmed)).toMatchObject({
      wrapUpSeconds: 45,
      dispositions: [
        { code: "sale", label: "Sold a roof" },
        { code: "interested", label: "Interested" },
        { code: "callback", label: "Call back" },
      ],
    });
    expect(checkContract(campaignContract, { ...fresh, name: "Roofs", wrapUpSeconds: "900" })).toMatchObject({
      ok: false,
      errors: { wrapUpSeconds: expect.stringContaining("from 0 to 600") },
    });
  });
});
