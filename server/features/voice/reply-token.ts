import { createHmac, timingSafeEqual } from "node:crypto";
import { deriveKey } from "../../crypto/secret-box";

/** What a reply's audio address names: whose voice says which words, and until when. */
export type ReplyAudioClaim = {
  workspaceId: string;
  profileId: string;
  text: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
};

export type ReadReply = { ok: true; claim: ReplyAudioClaim } | { ok: false; reason: "invalid" | "expired" };

/**
 * The token in a reply's audio address: `<body>.<signature>`, the body the claim as base64url
 * JSON, the signature an HMAC-SHA256 under a key derived from APP_SECRET for this purpose only
 * (an email token never opens this route, nor this one an email route). The words travel in the
 * token, so any server sharing APP_SECRET can say them when it has not (a restart, a second server
 * behind the carrier's fetch); the carrier already reads them in the TwiML it would say.
 */
export function replyAudioTokens(appSecret: string) {
  const key = deriveKey(appSecret, "voice-reply-audio");
  const sign = (body: string) => createHmac("sha256", key).update(body).digest("base64url");

  return {
    create(claim: ReplyAudioClaim): string {
      const body = Buffer.from(
        JSON.stringify([claim.workspaceId, claim.profileId, claim.expiresAt, claim.text]),
      ).toString("base64url");
      return `${body}.${sign(body)}`;
    },

    /** The claim when this server signed the token and it has not expired. */
    read(token: string, now: number): ReadReply {
      const [body, signature, extra] = token.split(".");
      if (!body || !signature || extra !== undefined) return { ok: false, reason: "invalid" };
      const expected = Buffer.from(sign(body));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given))
        return { ok: false, reason: "invalid" };
      let fields: unknown;
      try {
        fields = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
      } catch {
        return { ok: false, reason: "invalid" };
      }
      if (!Array.isArray(fields) || fields.length !== 4) return { ok: false, reason: "invalid" };
      const [workspaceId, profileId, expiresAt, text] = fields as unknown[];
      if (
        typeof workspaceId !== "string" ||
        typeof profileId !== "string" ||
        typeof expiresAt !== "number" ||
        typeof text !== "string"
      )
        return { ok: false, reason: "invalid" };
      if (expiresAt <= now) return { ok: false, reason: "expired" };
      return { ok: true, claim: { workspaceId, profileId, expiresAt, text } };
    },
  };
}

export type ReplyAudioTokens = ReturnType<typeof replyAudioTokens>;
