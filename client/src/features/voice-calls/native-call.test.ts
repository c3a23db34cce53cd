import { describe, expect, it } from "vitest";
import { emergencyCall, nativeCall } from "./native-call";

describe("native call", () => {
  it("dials the cleaned number and reports it", () => {
    const dialled: string[] = [];
    const result = nativeCall(
      { phoneNumber: "+1 (212) 555-0123" },
      { follow: (h) => dialled.push(h), open: () => {} },
    );
    expect(dialled).toEqual(["tel:+12125550123"]);
    expect(result.success).toBe(true);
    expect(result.message).toBe("Call initiated to +12125550123");
    expect(result.callId).toMatch(/^native-\d+$/);
  });

  it("falls back to opening the link when following it fails", () => {
    const opened: string[] = [];
    const result = nativeCall(
      { phoneNumber: "2125550123" },
      {
        follow: () => {
          throw new Error("blocked");
        },
        open: (h) => opened.push(h),
      },
    );
    expect(opened).toEqual(["tel:2125550123"]);
    expect(result.success).toBe(true);
  });

  it("reports failures with the spec's wording", () => {
    const failing = {
      follow: () => {
        throw new Error("blocked");
      },
      open: () => {
        throw new Error("no dialler");
      },
    };
    expect(nativeCall({ phoneNumber: "212" }, failing).message).toBe("Failed to initiate call: no dialler");
    expect(nativeCall({ phoneNumber: "abc" }, failing).message).toBe(
      "Failed to initiate call: No phone number",
    );
    const emergency = emergencyCall(failing);
    expect(emergency).toMatchObject({ success: false, message: "Failed to initiate emergency call" });
    expect(emergency.callId).toMatch(/^emergency-\d+$/);
    expect(emergencyCall({ follow: () => {}, open: () => {} }).message).toBe("Emergency call initiated");
  });
});
