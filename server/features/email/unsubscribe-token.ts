import { createHmac, timingSafeEqual } from "node:crypto";
import { deriveKey } from "../../crypto/secret-box";

/** A body signed with a key derived from APP_SECRET for one purpose: `<body>.<signature>`. */
function signer(appSecret: string, purpose: string) {
  const key = deriveKey(appSecret, purpose);
  const sign = (body: string) => createHmac("sha256", key).update(body).digest("base64url").slice(0, 32);
  return {
    create(fields: string[]): string {
      const body = Buffer.from(fields.join("\n")).toString("base64url");
      return `${body}.${sign(body)}`;
    },
    /** The signed fields, or null when the token was not made by this server for this purpose. */
    read(token: string): string[] | null {
      const [body, signature, extra] = token.split(".");
      if (!body || !signature || extra !== undefined) return null;
      const expected = Buffer.from(sign(body));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      return Buffer.from(body, "base64url").toString("utf8").split("\n");
    },
  };
}

export type TrackingToken =
  | { kind: "open"; workspaceId: string; sendId: string }
  | { kind: "click"; workspaceId: string; sendId: string; link: number };

/**
 * The one-click unsubscribe link's token: the workspace and address, signed with a key derived
 * from APP_SECRET, so the link works without a session and cannot be forged for another address.
 * Tracking tokens (open pixel, tracked link) are signed with another derived key: one kind of
 * token never opens the other's route. A click token names the send and the link's position in
 * that send's message, never a URL, so a tracked link can only lead where the message did.
 */
export function unsubscribeTokens(appSecret: string) {
  const unsubscribe = signer(appSecret, "email-unsubscribe");
  const tracking = signer(appSecret, "email-tracking");
  return {
    create(workspaceId: string, email: string): string {
      return unsubscribe.create([workspaceId, email.toLowerCase()]);
    },
    /** The workspace and address, or null when the token was not made by this server. */
    read(token: string): { workspaceId: string; email: string } | null {
      const [workspaceId, email, extra] = unsubscribe.read(token) ?? [];
      if (!workspaceId || !email || extra !== undefined) return null;
      return { workspaceId, email };
    },
    trackOpen(workspaceId: string, sendId: string): string {
      return tracking.create(["o", workspaceId, sendId]);
    },
    trackClick(workspaceId: string, sendId: string, link: number): string {
      return tracking.create(["c", workspaceId, sendId, String(link)]);
    },
    readTracking(token: string): TrackingToken | null {
      const [kind, workspaceId, sendId, link, extra] = tracking.read(token) ?? [];
      if (!workspaceId || !sendId || extra !== undefined) return null;
      if (kind === "o" && link === undefined) return { kind: "open", workspaceId, sendId };
      if (kind === "c" && link !== undefined && /^\d{1,4}$/.test(link))
        return { kind: "click", workspaceId, sendId, link: Number(link) };
      return null;
    },
  };
}
export type UnsubscribeTokens = ReturnType<typeof unsubscribeTokens>;
