/** Who a notice is about and where it would go. */
export type NoticeRecipient = { id: string; email: string; username: string };

/**
 * What a person is told about their own account, by email (account-mail.ts: SMTP, or the outbox
 * when the server sends no email). Implementations never throw and never make the caller wait on
 * a mail server's failure: sign-up, sign-in and the settings screen go on whatever happens.
 */
export type AccountNotices = {
  /**
   * Someone tried to sign up with this account's email. Sign-up answered them without saying the
   * email has an account; the owner hears about it, with a link to choose a new password when
   * one could be issued (`reset`; links are rationed per person, so it may be absent).
   */
  signupWithExistingEmail(account: NoticeRecipient, reset: { token: string } | undefined): Promise<void>;
  /** The password was changed; `otherSessionsEnded` sessions elsewhere were signed out. */
  passwordChanged(account: NoticeRecipient, details: { otherSessionsEnded: number }): Promise<void>;
  /** The email was changed: this notice goes to the previous address, so a hijack is seen. */
  emailChanged(account: NoticeRecipient, details: { previousEmail: string }): Promise<void>;
  /**
   * A link proving `email` is the person's: after sign-up, to change to it, or to confirm the
   * current one.
   */
  confirmAddress(
    account: NoticeRecipient,
    email: string,
    token: string,
    reason: "signup" | "change" | "confirm",
  ): Promise<void>;
  /** A link to choose a new password, sent to the account's email. */
  resetPassword(account: NoticeRecipient, token: string): Promise<void>;
};

/** What sending a notice that must reach its person came to (account-mail.ts). */
export type NoticeOutcome =
  /** The mail server (or the outbox) took it. */
  | "sent"
  /** Refused for good (the address bounces, the message is refused): trying again will not help. */
  | "undeliverable"
  /** A passing failure (no answer, a 4xx): try again later. */
  | "retry";

/**
 * The owner of a workspace whose subscription ended is warned before its data is deleted
 * (features/retention). Unlike the account notices it says how it went: the data is only
 * deleted once the warning was given.
 */
/** Support's reply to a request written from Help, sent to the address the person wrote from. */
export type SupportNotices = {
  supportReply(
    recipient: { id: string | null; email: string; name: string },
    details: { subject: string; reply: string; asked: string },
  ): Promise<NoticeOutcome>;
};

export type DataDeletionNotices = {
  dataDeletionWarning(
    account: NoticeRecipient,
    details: {
      workspaceName: string;
      /** Days as the workspace reads them ("March 4, 2031"). */
      endedOn: string;
      deletesOn: string;
      retentionDays: number;
    },
  ): Promise<NoticeOutcome>;
};
