import { describe, expect, it } from "vitest";
import { speechCache } from "./speech-cache";

const speech = (bytes: number) => ({ audio: Buffer.alloc(bytes), mimeType: "audio/mpeg" });

describe("speechCache", () => {
  it("keeps at most its bytes, dropping the least recently used first", () => {
    const cache = speechCache({ maxBytes: 300, maxEntries: 100 });
    cache.set("a", speech(100));
    cache.set("b", speech(100));
    cache.set("c", speech(100));
    // Reading "a" makes "b" the oldest.
    expect(cache.get("a")).toBeDefined();
    cache.set("d", speech(100));
    expect(cache.get("b")).toBeUndefined();
    expect(["a", "c", "d"].map((key) => cache.get(key) !== undefined)).toEqual([true, true, true]);
    expect(cache.size).toEqual({ entries: 3, bytes: 300 });
  });

  it("keeps at most its entries, and replaces an entry without counting it twice", () => {
    const cache = speechCache({ maxBytes: 10_000, maxEntries: 2 });
    cache.set("a", speech(10));
    cache.set("a", speech(20));
    expect(cache.size).toEqual({ entries: 1, bytes: 20 });
    cache.set("b", speech(10));
    cache.set("c", speech(10));
    expect(cache.get("a")).toBeUndefined();
    expect(cache.size).toEqual({ entries: 2, bytes: 20 });
  });

  it("serves but never keeps a reply larger than the whole cache", () => {
    const cache = speechCache({ maxBytes: 50, maxEntries: 10 });
    cache.set("small", speech(10));
    cache.set("huge", speech(51));
    expect(cache.get("huge")).toBeUndefined();
    expect(cache.get("small")).toBeDefined();
  });
});
