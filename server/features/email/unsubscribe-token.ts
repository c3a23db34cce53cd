import { createHmac, timingSafeEqual } from "node:crypto";
import { deriveKey } from "../../crypto/secret-box";

/**
 * The one-click unsubscribe link's token: the workspace and address, signed with a key derived
 * from APP_SECRET, so the link works without a session and cannot be forged for another address.
 */
export function unsubscribeTokens(appSecret: string) {
  const key = deriveKey(appSecret, "email-unsubscribe");
  const sign = (body: string) => createHmac("sha256", key).update(body).digest("base64url").slice(0, 32);
  return {
    create(workspaceId: string, email: string): string {
      const body = Buffer.from(`${workspaceId}\n${email.toLowerCase()}`).toString("base64url");
      return `${body}.${sign(body)}`;
    },
    /** The workspace and address, or null when the token was not made by this server. */
    read(token: string): { workspaceId: string; email: string } | null {
      const [body, signature, extra] = token.split(".");
      if (!body || !signature || extra !== undefined) return null;
      const expected = Buffer.from(sign(body));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      const [workspaceId, email] = Buffer.from(body, "base64url").toString("utf8").split("\n");
      if (!workspaceId || !email) return null;
      return { workspaceId, email };
    },
  };
}
export type UnsubscribeTokens = ReturnType<typeof unsubscribeTokens>;
