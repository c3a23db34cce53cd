import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Secrets at rest (a carrier's auth token): AES-256-GCM under a key derived from APP_SECRET with
 * HKDF-SHA256, one key per purpose, a random 96-bit nonce per value. The stored form is
 * `v1.<nonce>.<tag>.<ciphertext>` in base64url, so a later key or algorithm can be told apart.
 */
export type SecretBox = {
  seal(plaintext: string): string;
  /** Throws when the value was sealed under another APP_SECRET or was altered. */
  open(sealed: string): string;
};

const VERSION = "v1";

export function deriveKey(appSecret: string, purpose: string, bytes = 32): Buffer {
  return Buffer.from(hkdfSync("sha256", appSecret, "ai-platform", purpose, bytes));
}

export function secretBox(appSecret: string, purpose: string): SecretBox {
  const key = deriveKey(appSecret, `secret-box:${purpose}`);
  return {
    seal(plaintext) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, nonce);
      cipher.setAAD(Buffer.from(purpose));
      const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      const parts = [nonce, cipher.getAuthTag(), body].map((b) => b.toString("base64url"));
      return [VERSION, ...parts].join(".");
    },
    open(sealed) {
      const [version, nonce, tag, body] = sealed.split(".");
      if (version !== VERSION || !nonce || !tag || body === undefined)
        throw new Error("Not a sealed value this server can read");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(nonce, "base64url"));
      decipher.setAAD(Buffer.from(purpose));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString(
        "utf8",
      );
    },
  };
}

/** A stable secret for one purpose (the simulator's signing token), derived from APP_SECRET. */
export function derivedToken(appSecret: string, purpose: string): string {
  return createHmac("sha256", deriveKey(appSecret, `token:${purpose}`))
    .update(purpose)
    .digest("hex")
    .slice(0, 32);
}

/**
 * APP_SECRET when set. Otherwise a random secret kept in DATA_DIR/app-secret (created once, mode
 * 0600), so a single server keeps reading what it sealed across restarts; several servers on one
 * PostgreSQL must share APP_SECRET. Tests without one get a random secret for the process.
 */
export function resolveAppSecret(options: {
  appSecret: string | undefined;
  dataDir: string;
  env: string;
}): string {
  if (options.appSecret) return options.appSecret;
  if (options.env === "test") return processSecret;
  const file = path.join(options.dataDir, "app-secret");
  if (existsSync(file)) {
    const stored = readFileSync(file, "utf8").trim();
    if (stored) return stored;
  }
  mkdirSync(options.dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "w" });
  chmodSync(file, 0o600);
  return secret;
}

const processSecret = randomBytes(32).toString("base64url");
