import nodemailer from "nodemailer";
import { messageOptions } from "./build";
import type { MailTransport, SendOutcome } from "./types";

type SmtpError = Error & { responseCode?: number; response?: string; code?: string };

/**
 * SMTP through nodemailer with a pool of connections (SMTP_URL, e.g. smtp://user:pass@host:587).
 * A 5xx answer for the recipient is a permanent rejection (a bounce); a 4xx or a network
 * failure is transient and the send is tried again later.
 */
export function smtpTransport(url: string, options: { maxConnections?: number } = {}): MailTransport {
  const transport = nodemailer.createTransport(url, {
    pool: true,
    maxConnections: options.maxConnections ?? 10,
    maxMessages: 1000,
    // A delivery gives up well inside the sender's stale-claim window (features/email/sending.ts).
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as never);
  return {
    name: "smtp",
    async send(mail): Promise<SendOutcome> {
      try {
        const info = await transport.sendMail(messageOptions(mail));
        if (info.accepted.length === 0)
          return { kind: "rejected", permanent: true, response: String(info.response ?? "rejected") };
        return { kind: "accepted", response: String(info.response ?? "") };
      } catch (caught) {
        const error = caught as SmtpError;
        const code = error.responseCode ?? 0;
        return {
          kind: "rejected",
          permanent: code >= 500 && code < 600,
          response: (error.response ?? error.message).slice(0, 500),
        };
      }
    },
    async close() {
      transport.close();
    },
  };
}
