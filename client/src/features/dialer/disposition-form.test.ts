import { CALLBACK_IN_PAST, CALLBACK_TIME_REQUIRED, NOTES_TOO_LONG } from "@common/dialer";
import { describe, expect, it } from "vitest";
import { checkDispositionForm, emptyDispositionForm, instantOf, localInputValue } from "./disposition-form";

const now = new Date("2026-11-25T15:00:00");

describe("the end-of-call form", () => {
  it("asks how the call went before anything is sent", () => {
    expect(checkDispositionForm(emptyDispositionForm(), now)).toEqual({
      ok: false,
      errors: { disposition: "Choose how the call went" },
    });
  });

  it("sends a disposition with trimmed notes, and none when blank", () => {
    const sale = checkDispositionForm(
      { ...emptyDispositionForm(), disposition: "sale", notes: " Two lines " },
      now,
    );
    expect(sale).toEqual({ ok: true, body: { disposition: "sale", notes: "Two lines" } });
    const quiet = checkDispositionForm({ ...emptyDispositionForm(), disposition: "not_interested" }, now);
    expect(quiet).toEqual({ ok: true, body: { disposition: "not_interested", notes: null } });
  });

  it("needs a future time for a callback, for this agent only or anyone", () => {
    const form = { ...emptyDispositionForm(), disposition: "callback" as const };
    expect(checkDispositionForm(form, now)).toEqual({
      ok: false,
      errors: { "callback.at": CALLBACK_TIME_REQUIRED },
    });
    expect(checkDispositionForm({ ...form, callbackAt: "2026-11-25T14:00" }, now)).toEqual({
      ok: false,
      errors: { "callback.at": CALLBACK_IN_PAST },
    });
    const mine = checkDispositionForm({ ...form, callbackAt: "2026-11-26T10:30", agentOnly: true }, now);
    expect(mine).toEqual({
      ok: true,
      body: {
        disposition: "callback",
        notes: null,
        callback: { at: new Date("2026-11-26T10:30").toISOString(), agentOnly: true },
      },
    });
  });

  it("refuses notes over the contract's limit with its message", () => {
    const long = checkDispositionForm(
      { ...emptyDispositionForm(), disposition: "sale", notes: "x".repeat(2001) },
      now,
    );
    expect(long).toEqual({ ok: false, errors: { notes: NOTES_TOO_LONG } });
  });

  it("reads and writes the datetime-local field in the browser's time", () => {
    expect(localInputValue(new Date("2026-03-04T05:06:00"))).toBe("2026-03-04T05:06");
    expect(instantOf("")).toBeNull();
    expect(instantOf("not a time")).toBeNull();
    expect(instantOf("2026-03-04T05:06")).toBe(new Date("2026-03-04T05:06").toISOString());
  });
});
