import { describe, expect, it } from "vitest";
import { DEFAULT_STOCK_VOICE, nearestStockVoice, parseStockVoice, stockVoiceLabel } from "./espeak";

describe("nearestStockVoice", () => {
  it("picks the built-in voice closest to the speaker's pitch and moves its pitch toward it", () => {
    expect(nearestStockVoice(103)).toBe("en-us+m3/p50");
    expect(nearestStockVoice(84)).toBe("en-us+m8/p50");
    expect(nearestStockVoice(190)).toBe("en-us+f2/p50");
    // Higher than the voice's own: the setting goes up (about 75 steps an octave), within 0 to 99.
    expect(parseStockVoice(nearestStockVoice(230)).pitch).toBeGreaterThan(50);
    expect(parseStockVoice(nearestStockVoice(600)).pitch).toBe(99);
    expect(parseStockVoice(nearestStockVoice(40)).pitch).toBeLessThan(50);
  });

  it("falls back to the default voice without a pitch", () => {
    expect(nearestStockVoice(null)).toBe(DEFAULT_STOCK_VOICE);
    expect(nearestStockVoice(Number.NaN)).toBe(DEFAULT_STOCK_VOICE);
  });

  it("labels voices for the screen", () => {
    expect(stockVoiceLabel("en-us+m3/p50")).toBe("English (US), male voice");
    expect(stockVoiceLabel("en-us+f2/p61")).toBe("English (US), female voice, pitch adjusted toward yours");
    expect(parseStockVoice("nonsense")).toEqual({ voice: "en-us+f2", pitch: 50 });
  });
});
