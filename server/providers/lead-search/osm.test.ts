import { describe, expect, it } from "vitest";
import { websiteDomain } from "../../features/lead-generation/search";
import { leadTimeZone, stateOf } from "../../features/lead-generation/time-zone";
import { businessFromElement, overpassQuery } from "./osm";
import { osmCriteria } from "./osm-categories";

/** The pure parts of the lead search: what an industry means in OSM, reading elements, time zones, domains. */

describe("OpenStreetMap criteria and query", () => {
  it("maps known industries to their tags and stems the words for names", () => {
    expect(osmCriteria("plumbers")).toEqual({ tags: [["craft", "plumber"]], namePattern: "plumb" });
    expect(osmCriteria("Dentists").tags).toContainEqual(["amenity", "dentist"]);
    expect(osmCriteria("satellite internet and TV dealers")).toEqual({
      tags: [],
      namePattern: "satellite|viasat|hughesnet|directv|dish network|starlink",
    });
    expect(osmCriteria("barbers").tags).toContainEqual(["shop", "hairdresser"]);
    expect(osmCriteria("sushi bars").tags).toContainEqual(["amenity", "bar"]);
    expect(osmCriteria("yoga studios")).toEqual({ tags: [], namePattern: "yoga.*studio" });
  });

  it("keeps what a person types to letters, digits and spaces, so it stays a name match inside the query", () => {
    const ql = overpassQuery('pizza"];out;(node["x', [27.8, -82.6, 28.1, -82.2], 100);
    expect(ql).toContain('["name"~"pizza.*out.*node",i]');
    expect(ql.match(/\(27\.80000,-82\.60000,28\.10000,-82\.20000\)/g)).toHaveLength(1);
    expect(ql).toMatch(/^\[out:json\]\[timeout:25\];/);
    expect(ql).toMatch(/out tags center 100;$/);
    expect(osmCriteria('"] ;').namePattern).toBe("");
    expect(osmCriteria("a&b").namePattern).toBe("a b");
  });

  it("reads an element's name, phone, website, address and category; skips one without a name", () => {
    const business = businessFromElement({
      type: "way",
      id: 42,
      center: { lat: 27.95, lon: -82.46 },
      tags: {
        name: "Bay Plumbing",
        craft: "plumber",
        "contact:phone": "+1 813-555-0100;+1 813-555-0101",
        "contact:website": "https://bay.example",
        "addr:housenumber": "100",
        "addr:street": "N Florida Ave",
        "addr:city": "Tampa",
        "addr:state": "fl",
        "addr:postcode": "33602",
      },
    });
    expect(business).toMatchObject({
      placeKey: "osm:way/42",
      name: "Bay Plumbing",
      phone: "+1 813-555-0100",
      website: "https://bay.example",
      address: "100 N Florida Ave, Tampa, FL 33602".replace("FL", "fl"),
      category: "Plumber",
      latitude: 27.95,
      longitude: -82.46,
      state: "FL",
      details: { osmType: "way", osmId: 42, osmCategory: "craft=plumber" },
    });
    expect(businessFromElement({ type: "node", id: 1, lat: 0, lon: 0, tags: { shop: "bakery" } })).toBeNull();
  });
});

describe("a lead's time zone and website domain", () => {
  it("comes from coordinates first, then the state in the address, then the workspace's zone", () => {
    expect(leadTimeZone({ latitude: 30.42, longitude: -87.21 }, "UTC")).toBe("America/Chicago");
    expect(leadTimeZone({ address: "1 Main St, Phoenix, AZ 85004" }, "UTC")).toBe("America/Phoenix");
    expect(leadTimeZone({ state: "HI" }, "UTC")).toBe("Pacific/Honolulu");
    expect(leadTimeZone({ latitude: "27.9", longitude: -82.4, address: "Somewhere" }, "Europe/London")).toBe(
      "Europe/London",
    );
    expect(stateOf("200 E Kennedy Blvd, Tampa, FL 33602, USA")).toBe("FL");
    expect(stateOf("Tampa")).toBeNull();
  });

  it("keys websites by domain, leaving out hosts many businesses share", () => {
    expect(websiteDomain("https://www.Bay-Plumbing.example/contact")).toBe("bay-plumbing.example");
    expect(websiteDomain("bay-plumbing.example")).toBe("bay-plumbing.example");
    expect(websiteDomain("https://www.facebook.com/bayplumbing")).toBeNull();
    expect(websiteDomain(null)).toBeNull();
  });
});
