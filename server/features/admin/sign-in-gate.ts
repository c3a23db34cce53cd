import { ACCOUNT_SUSPENDED } from "../../../common/admin";
import type { AdminRepository } from "./repository";

/**
 * What auth asks at every sign-in: a suspended person is refused (after the password
 * is checked, so the answer tells a guesser nothing), and a failed sign-in is a security event
 * in the audit log. Built before auth in the composition root; it needs only the admin tables.
 */
export function signInGate(repo: AdminRepository) {
  return {
    async refusal(userId: string): Promise<string | undefined> {
      return (await repo.isSuspended(userId)) ? ACCOUNT_SUSPENDED : undefined;
    },
    async failed(login: string, ip: string, reason: "wrong_password" | "unknown_login" | "suspended") {
      await repo.record({
        action: "sign_in.failed",
        actorId: null,
        actorName: null,
        targetId: null,
        ip,
        details: { login: login.slice(0, 254), reason },
      });
    },
  };
}

export type SignInGate = ReturnType<typeof signInGate>;
