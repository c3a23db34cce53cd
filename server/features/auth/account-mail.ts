import { randomUUID } from "node:crypto";
import { CONFIRM_LINK_HOURS, RESET_LINK_HOURS } from "../../../common/auth";
import type { MailTransport } from "../../providers/mail";
import type { AccountNotices, DataDeletionNotices, NoticeOutcome, SupportNotices } from "./notices";

/**
 * The messages about a person's own account (links that prove an address, security notices),
 * sent through the same transport as email marketing: SMTP when configured, else .eml files in
 * DATA_DIR/outbox/accounts/, where an operator can pick a link up by hand.
 *
 * Sending never throws and never makes a request wait on a mail server's failure: a message that
 * could not be sent is logged (without the address, which is personal data) and the request goes
 * on as if it had been, so its answer says nothing a caller could learn from.
 */

/** The outbox folder for account messages (workspace folders are named by their uuid). */
export const ACCOUNT_OUTBOX = "accounts";

type WarnLogger = { warn(details: Record<string, unknown>, message: string): void };

export type AccountMailDeps = {
  transport: MailTransport;
  from: string;
  /** The address people reach the app at; the links in messages point there. */
  appUrl: string;
  log: WarnLogger;
};

type Message = { to: string; subject: string; lines: string[]; link?: { label: string; url: string } };

export function accountMail(deps: AccountMailDeps): AccountNotices & DataDeletionNotices & SupportNotices {
  const host = hostOf(deps.from);

  async function send(kind: string, userId: string, message: Message): Promise<NoticeOutcome> {
    const id = randomUUID();
    const text = [
      ...message.lines,
      ...(message.link ? ["", `${message.link.label}: ${message.link.url}`] : []),
    ]
      .join("\n")
      .concat("\n");
    const html = [
      ...message.lines.map((line) => (line ? `<p>${escapeHtml(line)}</p>` : "")),
      message.link
        ? `<p><a href="${escapeHtml(message.link.url)}">${escapeHtml(message.link.label)}</a></p>`
        : "",
    ].join("\n");
    try {
      const outcome = await deps.transport.send({
        workspaceId: ACCOUNT_OUTBOX,
        id,
        from: deps.from,
        to: message.to,
        subject: message.subject,
        text,
        html,
        messageId: `<${id}@${host}>`,
        headers: {},
      });
      if (outcome.kind === "accepted") return "sent";
      deps.log.warn({ userId, kind, response: outcome.response }, "an account email was refused");
      return outcome.failure === "temporary" ? "retry" : "undeliverable";
    } catch (error) {
      deps.log.warn({ userId, kind, error: (error as Error).message }, "an account email could not be sent");
      return "retry";
    }
  }

  const link = (path: string, token: string) => `${deps.appUrl}${path}?token=${encodeURIComponent(token)}`;

  return {
    async signupWithExistingEmail(account, reset) {
      await send("signup-with-existing-email", account.id, {
        to: account.email,
        subject: "Someone tried to sign up with your email",
        lines: [
          `Hello ${account.username},`,
          "",
          "Someone just tried to create an account with this email address, which already has one.",
          `If it was you, sign in with your username (${account.username}) or this email address instead.`,
          ...(reset
            ? [
                `Forgotten your password? The link below lets you choose a new one for the next ${RESET_LINK_HOURS} hour.`,
              ]
            : []),
          "If it was not you, you can ignore this message: nothing was changed.",
        ],
        ...(reset
          ? { link: { label: "Choose a new password", url: link("/reset-password", reset.token) } }
          : {}),
      });
    },
    async passwordChanged(account, details) {
      await send("password-changed", account.id, {
        to: account.email,
        subject: "Your password was changed",
        lines: [
          `Hello ${account.username},`,
          "",
          "The password of your account was just changed.",
          ...(details.otherSessionsEnded > 0
            ? [
                `${details.otherSessionsEnded} signed-in ${details.otherSessionsEnded === 1 ? "browser or device was" : "browsers or devices were"} signed out.`,
              ]
            : []),
          "If you did not do this, reset your password now from the sign-in screen (Forgot your password?).",
        ],
      });
    },
    async emailChanged(account, details) {
      await send("email-changed", account.id, {
        to: details.previousEmail,
        subject: "Your account's email was changed",
        lines: [
          `Hello ${account.username},`,
          "",
          `The email address of your account is now ${account.email}; messages about the account go there from now on.`,
          "If you did not do this, choose a new password at once from the sign-in screen (Forgot your password?) and tell your administrator.",
        ],
      });
    },
    async confirmAddress(account, email, token, reason) {
      const opening = {
        signup: "Welcome! Please confirm that this is your email address to finish setting up your account.",
        change: `You asked to change your account's email to this address. It changes once you confirm it.`,
        confirm: "Please confirm that this is your account's email address.",
      }[reason];
      await send(`confirm-${reason}`, account.id, {
        to: email,
        subject: reason === "change" ? "Confirm your new email address" : "Confirm your email address",
        lines: [
          `Hello ${account.username},`,
          "",
          opening,
          `The link works for ${CONFIRM_LINK_HOURS} hours. If you did not ask for this, ignore this message.`,
        ],
        link: { label: "Confirm my email address", url: link("/confirm-email", token) },
      });
    },

    async supportReply(recipient, details) {
      return send("support-reply", recipient.id ?? "", {
        to: recipient.email,
        subject: `Re: ${details.subject}`,
        lines: [
          `Hello ${recipient.name},`,
          "",
          ...details.reply.split(/\r?\n/),
          "",
          "You wrote:",
          ...details.asked.split(/\r?\n/).map((line) => `> ${line}`),
          "",
          "Your requests and their replies are also under Help in the app.",
        ],
        link: { label: "Open Help", url: `${deps.appUrl}/help` },
      });
    },

    async dataDeletionWarning(account, details) {
      return send("data-deletion-warning", account.id, {
        to: account.email,
        subject: `Your workspace "${details.workspaceName}" will be deleted on ${details.deletesOn}`,
        lines: [
          `Hello ${account.username},`,
          "",
          `The subscription of your workspace "${details.workspaceName}" ended on ${details.endedOn}.`,
          `As our Terms say, a workspace's data is kept for ${details.retentionDays} days after its subscription ends and then deleted.`,
          `On ${details.deletesOn} the workspace will be deleted with everything in it: its calls and transcripts, contacts, appointments, campaigns, settings and files. This cannot be undone.`,
          "",
          "To keep your data:",
          "- choose a plan on the Subscription page before that day (the link below);",
          "- or ask the administrator of AI Platform to keep it until a later date.",
        ],
        link: { label: "Choose a plan", url: `${deps.appUrl}/subscription` },
      });
    },

    async resetPassword(account, token) {
      await send("reset-password", account.id, {
        to: account.email,
        subject: "Choose a new password",
        lines: [
          `Hello ${account.username},`,
          "",
          "Someone (we hope you) asked to reset the password of your account.",
          `The link works for ${RESET_LINK_HOURS} hour and only once. If you did not ask, ignore this message: your password stays as it is.`,
        ],
        link: { label: "Choose a new password", url: link("/reset-password", token) },
      });
    },
  };
}

function hostOf(from: string): string {
  const match = /@([^>\s]+)>?\s*$/.exec(from);
  return match?.[1] ?? "localhost";
}

function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}
