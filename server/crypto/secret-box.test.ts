import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { derivedToken, resolveAppSecret, secretBox } from "./secret-box";

describe("secret box", () => {
  const box = secretBox("an app secret of some length", "telephony-auth-token");

  it("seals with a fresh nonce each time and opens what it sealed", () => {
    const a = box.seal("0123456789abcdef0123456789abcdef");
    const b = box.seal("0123456789abcdef0123456789abcdef");
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(a).not.toContain("0123456789abcdef");
    expect(box.open(a)).toBe("0123456789abcdef0123456789abcdef");
  });

  it("refuses an altered value, another APP_SECRET and another purpose", () => {
    const sealed = box.seal("token");
    const parts = sealed.split(".");
    const body = Buffer.from(parts[3] as string, "base64url");
    body[0] = (body[0] ?? 0) ^ 1;
    expect(() => box.open([...parts.slice(0, 3), body.toString("base64url")].join("."))).toThrow();
    expect(() => secretBox("another app secret entirely", "telephony-auth-token").open(sealed)).toThrow();
    expect(() => secretBox("an app secret of some length", "other").open(sealed)).toThrow();
    expect(() => box.open("plain text")).toThrow(/Not a sealed value/);
  });

  it("derives stable per-purpose tokens", () => {
    expect(derivedToken("secret", "carrier-simulator")).toBe(derivedToken("secret", "carrier-simulator"));
    expect(derivedToken("secret", "carrier-simulator")).not.toBe(derivedToken("secret", "other"));
    expect(derivedToken("secret", "carrier-simulator")).toMatch(/^[0-9a-f]{32}$/);
  });

  it("uses APP_SECRET, else keeps a random one in DATA_DIR/app-secret (mode 0600)", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "aip-secret-"));
    try {
      expect(resolveAppSecret({ appSecret: "from the environment", dataDir: dir, env: "production" })).toBe(
        "from the environment",
      );
      const first = resolveAppSecret({ appSecret: undefined, dataDir: dir, env: "production" });
      expect(first.length).toBeGreaterThanOrEqual(40);
      expect(resolveAppSecret({ appSecret: undefined, dataDir: dir, env: "production" })).toBe(first);
      const file = path.join(dir, "app-secret");
      expect(readFileSync(file, "utf8").trim()).toBe(first);
      expect(statSync(file).mode & 0o777).toBe(0o600);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
