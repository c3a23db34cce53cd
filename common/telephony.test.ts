import { describe, expect, it } from "vitest";
import {
  cleanPhoneNumber,
  concurrentCallLimit,
  concurrentLimitMessage,
  PHONE_INVALID,
  PHONE_REQUIRED,
  phoneNumberProblem,
} from "./telephony";

describe("phone numbers", () => {
  it("keeps only digits and plus", () => {
    expect(cleanPhoneNumber("+1 (212) 555-0123 ext")).toBe("+12125550123");
  });

  it("needs 10 digits, or 11 starting with 1; an international number needs its +", () => {
    expect(phoneNumberProblem("")).toBe(PHONE_REQUIRED);
    expect(phoneNumberProblem("   ")).toBe(PHONE_REQUIRED);
    expect(phoneNumberProblem("555-0123")).toBe(PHONE_INVALID);
    expect(phoneNumberProblem("(212) 555-0123")).toBeNull();
    expect(phoneNumberProblem("1-212-555-0123")).toBeNull();
    expect(phoneNumberProblem("2-212-555-0123")).toBe(PHONE_INVALID);
    expect(phoneNumberProblem("442079460958")).toBe(PHONE_INVALID);
    expect(phoneNumberProblem("+44 20 7946 0958")).toBeNull();
  });
});

describe("concurrent calls by plan", () => {
  it("follows the spec for the enterprise plans and keeps the others small", () => {
    expect(concurrentCallLimit("enterprise_starter")).toEqual({ limit: 100, planName: "Enterprise Starter" });
    expect(concurrentCallLimit("enterprise_pro").limit).toBe(500);
    expect(concurrentCallLimit("enterprise_scale").limit).toBe(1000);
    expect(concurrentCallLimit("enterprise_ultimate").limit).toBe(-1);
    expect(concurrentCallLimit("business").limit).toBe(10);
    expect(concurrentCallLimit("personal").limit).toBe(2);
    expect(concurrentCallLimit("free").limit).toBe(1);
    expect(concurrentCallLimit("nonsense").limit).toBe(1);
  });

  it("says why a call is refused", () => {
    expect(concurrentLimitMessage("Free", 1)).toBe(
      "Your Free plan allows 1 call at the same time, and it is in use. End a call or upgrade your plan to take more.",
    );
  });
});
