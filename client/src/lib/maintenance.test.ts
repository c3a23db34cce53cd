import { MAINTENANCE_MESSAGE } from "@common/admin";
import { describe, expect, it } from "vitest";
import { ApiError, throwIfNotOk } from "./api";
import { isMaintenanceAnswer } from "./maintenance";

describe("the maintenance answer", () => {
  it("is a 503 carrying the platform's maintenance message, nothing else", () => {
    expect(isMaintenanceAnswer(503, { message: MAINTENANCE_MESSAGE })).toBe(true);
    expect(isMaintenanceAnswer(503, { message: "Service Unavailable" })).toBe(false);
    expect(isMaintenanceAnswer(500, { message: MAINTENANCE_MESSAGE })).toBe(false);
    expect(isMaintenanceAnswer(503, undefined)).toBe(false);
    expect(isMaintenanceAnswer(503, "text")).toBe(false);
  });

  it("still throws the ApiError for the caller", async () => {
    const response = new Response(JSON.stringify({ message: MAINTENANCE_MESSAGE }), { status: 503 });
    await expect(throwIfNotOk(response)).rejects.toBeInstanceOf(ApiError);
  });
});
