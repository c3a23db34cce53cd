import { ContactCreate } from "@common/contacts";
import { describe, expect, it } from "vitest";
import { filenameFromDisposition } from "../../lib/download";
import { contactsQueryString } from "./api/get-contacts";
import { dialNumber } from "./dial-number";
import { fieldErrors, serverFieldErrors } from "./form-errors";
import { splitTags } from "./tags";

describe("contacts screens' helpers", () => {
  it("dials E.164 when the server read the number, else the digits as typed, else nothing", () => {
    expect(dialNumber({ phoneNumber: "(212) 555-0142", phoneE164: "+12125550142" })).toBe("+12125550142");
    expect(dialNumber({ phoneNumber: "ext. 12 34", phoneE164: null })).toBe("1234");
    expect(dialNumber({ phoneNumber: "call the office", phoneE164: null })).toBeNull();
    expect(dialNumber({ phoneNumber: null, phoneE164: null })).toBeNull();
  });

  it("splits tags as the server keeps them", () => {
    expect(splitTags(" vip, florida ,vip,, follow-up ")).toEqual(["vip", "florida", "follow-up"]);
    expect(splitTags(" , ")).toEqual([]);
  });

  it("sends only the filters that are set", () => {
    expect(contactsQueryString({}).toString()).toBe("");
    expect(
      contactsQueryString({
        search: "  ann ",
        status: "converted",
        source: "import",
        tag: " vip ",
        favorite: false,
        hasPhone: true,
        sort: "name",
      }).toString(),
    ).toBe("search=ann&status=converted&source=import&tag=vip&favorite=false&hasPhone=true&sort=name");
  });

  it("puts the shared contract's messages under their fields", () => {
    const parsed = ContactCreate.safeParse({ name: "  ", email: "ann@" });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(fieldErrors(parsed.error)).toEqual({
      name: "Name is required",
      email: "Please enter a valid email address",
    });
  });

  it("reads the server's issues by their field", () => {
    const error = {
      body: {
        message: "Please enter a valid email address",
        issues: [
          { path: "email", message: "Please enter a valid email address" },
          { path: "tags.3", message: "A tag must be at most 50 characters" },
          { path: "", message: "ignored" },
        ],
      },
    };
    expect(serverFieldErrors(error)).toEqual({
      email: "Please enter a valid email address",
      tags: "A tag must be at most 50 characters",
    });
    expect(serverFieldErrors(new Error("network"))).toEqual({});
  });

  it("takes the export's file name from Content-Disposition", () => {
    expect(filenameFromDisposition('attachment; filename="contacts-2025-11-25.csv"')).toBe(
      "contacts-2025-11-25.csv",
    );
    expect(filenameFromDisposition("attachment; filename*=UTF-8''leads%20list.csv; filename=x.csv")).toBe(
      "leads list.csv",
    );
    expect(filenameFromDisposition(null)).toBeUndefined();
  });
});
