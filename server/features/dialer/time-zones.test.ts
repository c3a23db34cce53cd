import { describe, expect, it } from "vitest";
import phonePrefixTable from "./data/phone-prefix-zones.json" with { type: "json" };
import usZipTable from "./data/us-zip-zones.json" with { type: "json" };
import { calleeTimeZones, isTimeZone, phoneNumberZones, postalCodeZones } from "./time-zones";

describe("calleeTimeZones: every zone known for the callee, together", () => {
  it("checks a recorded zone with the number's, never instead of it", () => {
    expect(
      calleeTimeZones({ timeZone: "Europe/Paris", postalCode: "94110", phoneNumber: "+12125550100" }),
    ).toEqual({
      zones: ["Europe/Paris", "America/Los_Angeles", "America/New_York"],
      sourcesOf: {
        "Europe/Paris": ["contact"],
        "America/Los_Angeles": ["postal_code"],
        "America/New_York": ["phone_prefix"],
      },
    });
  });

  it("keeps a Tokyo number's zone when its lead says New York, UTC, Etc/GMT+5 or a New York ZIP", () => {
    for (const declared of [
      { timeZone: "America/New_York" },
      { timeZone: "UTC" },
      { timeZone: "Etc/GMT+5" },
      { postalCode: "10001" },
    ]) {
      const zones = calleeTimeZones({ ...declared, phoneNumber: "+81312345678" }).zones;
      expect(zones).toContain("Asia/Tokyo");
      expect(zones).toHaveLength(2);
    }
  });

  it("takes several recorded zones and postal codes (a lead's and its contact's), each once", () => {
    expect(
      calleeTimeZones({
        timeZone: "America/New_York",
        timeZones: ["America/New_York", "America/Chicago", null, ""],
        postalCodes: ["10001", undefined],
        phoneNumber: "+12125550100",
      }),
    ).toEqual({
      zones: ["America/New_York", "America/Chicago"],
      sourcesOf: {
        "America/New_York": ["contact", "postal_code", "phone_prefix"],
        "America/Chicago": ["contact"],
      },
    });
  });

  it("ignores a recorded time zone that is not an IANA zone: the number's still applies", () => {
    expect(calleeTimeZones({ timeZone: "Mars/Olympus", phoneNumber: "+12125550100" })).toEqual({
      zones: ["America/New_York"],
      sourcesOf: { "America/New_York": ["phone_prefix"] },
    });
  });

  it("adds nothing for a postal code it cannot read", () => {
    expect(calleeTimeZones({ postalCode: "not a code", phoneNumber: "+13105550100" }).zones).toEqual([
      "America/Los_Angeles",
    ]);
  });

  it("knows no zone when nothing gives one", () => {
    expect(calleeTimeZones({ phoneNumber: "+99912345" }).zones).toEqual([]);
    expect(calleeTimeZones({ phoneNumber: "not a number" }).zones).toEqual([]);
  });
});

describe("postal codes", () => {
  it("reads US ZIP codes, ZIP+4 included", () => {
    expect(postalCodeZones("10001")).toEqual(["America/New_York"]);
    expect(postalCodeZones("60601-1234")).toEqual(["America/Chicago"]);
    expect(postalCodeZones("85004")).toEqual(["America/Phoenix"]);
    expect(postalCodeZones("96813")).toEqual(["Pacific/Honolulu"]);
    expect(postalCodeZones("99501")).toEqual(["America/Anchorage"]);
  });

  it("tells apart ZIPs of one prefix on both sides of a zone line (Florida's panhandle)", () => {
    // 324xx: Panama City keeps Central time, Port St. Joe across the county line Eastern.
    expect(usZipTable.prefixes["324"]).toEqual(["America/Chicago", "America/New_York"]);
    expect(postalCodeZones("32401")).toEqual(["America/Chicago"]);
    expect(postalCodeZones("32456")).toEqual(["America/New_York"]);
  });

  it("covers US territories the ZIP table leaves out", () => {
    expect(postalCodeZones("00901")).toEqual(["America/Puerto_Rico"]);
    expect(postalCodeZones("00802")).toEqual(["America/St_Thomas"]);
    expect(postalCodeZones("96799")).toEqual(["Pacific/Pago_Pago"]);
  });

  it("reads Canadian postal codes by province, with the areas that keep another time", () => {
    expect(postalCodeZones("M5V 3L9")).toEqual(["America/Toronto"]);
    expect(postalCodeZones("v6b1a1")).toEqual(["America/Vancouver"]);
    expect(postalCodeZones("S4P 3Y2")).toEqual(["America/Regina"]);
    expect(postalCodeZones("P9N 1A1")).toEqual(["America/Winnipeg"]); // Kenora, Ontario
    expect(postalCodeZones("A1C 5M2")).toEqual(["America/St_Johns"]);
    expect(postalCodeZones("V0B 1G0")).toHaveLength(3); // the East Kootenay straddles three
  });

  it("gives nothing for a code it cannot read", () => {
    expect(postalCodeZones("SW1A 1AA")).toEqual([]);
    expect(postalCodeZones("1234")).toEqual([]);
  });
});

describe("phone numbers", () => {
  it("reads the area code, and the exchange where the data is finer", () => {
    expect(phoneNumberZones("+12125550100")).toEqual(["America/New_York"]);
    expect(phoneNumberZones("(312) 555-0100", "US")).toEqual(["America/Chicago"]);
    // 850 is mostly Eastern, but Panama City's exchanges are Central.
    expect(phoneNumberZones("+18505550100")).toEqual(["America/New_York"]);
    expect(phoneNumberZones("+18502350100")).toEqual(["America/Chicago"]);
  });

  it("gives every zone of an area code that spans several", () => {
    expect(phoneNumberZones("+16055550100")).toEqual(["America/Denver", "America/North_Dakota/Center"]);
    expect(phoneNumberZones("+19075550100")).toEqual(["America/Adak", "America/Anchorage"]);
  });

  it("gives the whole country's zones for a number with no geography (toll-free)", () => {
    expect(phoneNumberZones("+18005550100").length).toBeGreaterThan(20);
  });

  it("reads other countries' numbers", () => {
    expect(phoneNumberZones("+33142685300")).toEqual(["Europe/Paris"]);
    expect(phoneNumberZones("+61293744000")).toContain("Australia/Sydney");
  });
});

describe("the lookup tables", () => {
  it("name only zones this runtime knows", () => {
    const zones = new Set([
      ...phonePrefixTable.zones,
      ...Object.values(usZipTable.prefixes).flat(),
      ...Object.values(usZipTable.exceptions),
    ]);
    const unknown = [...zones].filter((zone) => !isTimeZone(zone));
    expect(unknown).toEqual([]);
  });

  it("name only known zones in the Canadian and territory tables too", () => {
    const samples = [
      "A0P 1A0",
      "G0G 1A0",
      "G4T 1A0",
      "P0T 1A0",
      "V0C 1A0",
      "V1G 1A0",
      "X0A 0H0",
      "X0B 0C0",
      "X0C 0A0",
      "Y1A 1A1",
      "E1C 1A1",
    ];
    for (const code of samples) {
      const zones = postalCodeZones(code);
      expect(zones.length, code).toBeGreaterThan(0);
      for (const zone of zones) expect(isTimeZone(zone), zone).toBe(true);
    }
    for (const zone of postalCodeZones("96910")) expect(isTimeZone(zone), zone).toBe(true);
  });
});
