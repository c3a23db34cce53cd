import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp, type TestClient } from "../test/app";
import { buildWorkspace } from "../test/factories";

/**
 * The probe's 31 inputs that answered 500 on 18 routes. Each must now answer
 * a 4xx whose message tells a person what to fix. (The route fuzz, server/test/route-fuzz.test.ts,
 * sends the same kinds of input to every route; these pin the messages.)
 */
let t: TestApp;
let user: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  user = await buildWorkspace(t);
});
afterAll(() => t.close());

describe("odd input answers 400 with a message, never 500", () => {
  it("NUL in the public sign-in", async () => {
    const res = await t.client().post("/api/auth/login", { login: "pat\u0000", password: "whatever1" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      "The username or email contains an invisible NUL character, which cannot be saved. Remove it and try again.",
    );
    const signup = await t.client().post("/api/auth/signup", {
      username: "nul_user",
      email: "nul@example.com",
      password: "correct horse\u0000battery",
    });
    expect(signup.statusCode).toBe(400);
    expect(signup.json().message).toMatch(/^The password contains an invisible NUL character/);
  });

  it("NUL and broken characters in a Twilio webhook, before any lookup by them", async () => {
    const form = "CallSid=CA%00123&AccountSid=AC123&To=%2B15551230000&CallStatus=completed";
    for (const url of [
      "/api/telephony/twilio/voice",
      "/api/telephony/twilio/status",
      "/api/telephony/twilio/recording",
    ]) {
      const res = await t.client().post(url, form, {
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "x-twilio-signature": "abc=",
          origin: undefined,
        },
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toMatch(/contains an invisible NUL character/);
    }
  });

  it("a lone surrogate in a phone number and in text", async () => {
    const phone = await user.post("/api/calls/simulate", { phoneNumber: "+1555\ud800123" });
    expect(phone.statusCode).toBe(400);
    expect(phone.json().message).toBe(
      "The phone number contains a broken character (half of an emoji or symbol). Retype it and try again.",
    );
    const call = await user.post("/api/calls/simulate", { phoneNumber: "+15551230000" });
    const turn = await user.post(`/api/calls/${call.json().id}/process-audio`, { text: "hello \udc00" });
    expect(turn.statusCode).toBe(400);
    expect(turn.json().message).toMatch(/^What the caller says contains a broken character/);
    // A whole emoji (a valid surrogate pair) is text like any other.
    const emoji = await user.post(`/api/calls/${call.json().id}/process-audio`, { text: "hello 📞" });
    expect(emoji.statusCode).toBe(200);
  });

  it("the year 0000 and other years the database cannot store in appointment times", async () => {
    const base = { title: "Checkup", endTime: "2030-01-15T15:00:00.000Z" };
    for (const startTime of [
      "0000-01-01T10:00:00.000Z",
      "1899-12-31T23:00:00Z",
      "9999-12-31T23:30:00-05:00",
    ]) {
      const res = await user.post("/api/appointments", { ...base, startTime });
      expect(res.statusCode, startTime).toBe(400);
      expect(res.json().message).toBe("startTime must be between the years 1900 and 9999");
    }
    const patch = await user.post("/api/calls/simulate", { phoneNumber: "+15551230000" });
    const ended = await user.patch(`/api/calls/${patch.json().id}`, { endTime: "0000-06-01T00:00:00Z" });
    expect(ended.statusCode).toBe(400);
  });

  it("multipart without a boundary, or cut off", async () => {
    const call = await user.post("/api/calls/simulate", { phoneNumber: "+15551230000" });
    const url = `/api/calls/${call.json().id}/process-audio`;
    for (const type of ["multipart/form-data", "multipart/form-data; boundary=x"]) {
      const res = await user.post(url, "--x\r\nContent-Disposition: form-data; name=", {
        headers: { "content-type": type },
      });
      expect(res.statusCode, type).toBe(400);
      expect(res.json().message).toBe(
        "The upload could not be read. Send it as multipart/form-data with a boundary, the way a browser's FormData does.",
      );
    }
  });

  it("a search or a route parameter holding NUL", async () => {
    const search = await user.get("/api/calls?search=a%00b");
    expect(search.statusCode).toBe(400);
    expect(search.json().message).toMatch(/^The search contains an invisible NUL character/);
    const feed = await t.client().get("/api/calendar/a%00b.ics");
    expect(feed.statusCode).toBe(400);
  });
});
