/** Who a notice is about and where it would go. */
export type NoticeRecipient = { id: string; email: string; username: string };

/**
 * What an account's owner is told about their account's security. The messages go by email once
 * the app sends email (a later issue: an adapter of this type over the email provider); until
 * then they are logged for the operator. Implementations must keep sending cheap for the caller
 * and never throw: sign-up and the settings screen do not wait on a mail server.
 *
 * An email implementation should send `signupWithExistingEmail` at most once an hour per account:
 * anyone can trigger it, and the owner's inbox must not become the attacker's megaphone.
 */
export type AccountNotices = {
  /**
   * Someone tried to sign up with this account's email. Sign-up answered them without saying the
   * email has an account (issue 9, finding 8); the owner is the one who hears about it, with a
   * link to sign in or reset the password.
   */
  signupWithExistingEmail(account: NoticeRecipient): Promise<void>;
  /** The password was changed; `otherSessionsEnded` sessions elsewhere were signed out. */
  passwordChanged(account: NoticeRecipient, details: { otherSessionsEnded: number }): Promise<void>;
  /** The email was changed: this notice belongs at the previous address, so a hijack is seen. */
  emailChanged(account: NoticeRecipient, details: { previousEmail: string }): Promise<void>;
};

type InfoLogger = { info(details: Record<string, unknown>, message: string): void };

/**
 * Notices written to the server log, until email exists. Only the account id goes in: addresses
 * are personal data and a log is no place for them.
 */
export function loggedAccountNotices(log: InfoLogger): AccountNotices {
  return {
    async signupWithExistingEmail(account) {
      log.info({ userId: account.id, notice: "signup-with-existing-email" }, "account notice");
    },
    async passwordChanged(account, details) {
      log.info({ userId: account.id, notice: "password-changed", ...details }, "account notice");
    },
    async emailChanged(account) {
      log.info({ userId: account.id, notice: "email-changed" }, "account notice");
    },
  };
}
