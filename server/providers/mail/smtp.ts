import nodemailer from "nodemailer";
import { messageOptions } from "./build";
import type { MailTransport, SendFailure, SendOutcome } from "./types";

export type SmtpError = Error & { responseCode?: number; response?: string; code?: string; command?: string };

/** Errors without an SMTP reply that trying again cannot mend: the message, envelope or login is wrong. */
const PERMANENT_WITHOUT_REPLY = new Set([
  "EENVELOPE",
  "EMESSAGE",
  "ESTREAM",
  "EAUTH",
  "ENOAUTH",
  "EOAUTH2",
  "ECONFIG",
  "EREQUIRETLS",
]);

/**
 * How a failed delivery failed (RFC 5321 §4.2.1, RFC 3463):
 * - a 4xx reply is temporary, and so is 503 (bad sequence of commands: the session's state,
 *   not the message; nodemailer says the same);
 * - a 5xx reply to RCPT TO, or any 5xx carrying a 5.1.x status (bad destination mailbox), is a
 *   hard bounce of the recipient;
 * - any other 5xx (to MAIL FROM, DATA, AUTH) is permanent without blaming the address;
 * - no reply at all (connection refused, reset or dropped, a greeting or socket timeout, DNS) is
 *   temporary, unless nodemailer refused the message itself (`PERMANENT_WITHOUT_REPLY`).
 */
export function classifySmtpError(error: SmtpError): SendFailure {
  const code = error.responseCode ?? 0;
  if ((code >= 400 && code < 500) || code === 503) return "temporary";
  if (code >= 500 && code < 600) {
    if (error.command === "RCPT TO" || /\b5\.1\.\d{1,3}\b/.test(error.response ?? "")) return "bounce";
    return "permanent";
  }
  if (error.code && PERMANENT_WITHOUT_REPLY.has(error.code)) return "permanent";
  return "temporary";
}

/**
 * The pool's words for a reused connection the server closed (a 421, a drop) before any of the
 * message went: with `maxRequeues: 0` it is not "retries" that ran out, nothing was retried.
 */
const readable = (message: string) =>
  message.startsWith("Reached maximum number of retries after connection was closed")
    ? "The server closed the connection before the message was sent (421 or dropped)"
    : message;

/**
 * SMTP through nodemailer with a pool of connections (SMTP_URL, e.g. smtp://user:pass@host:587).
 * A 5xx answer for the recipient is a hard bounce, another 5xx a permanent failure, a 4xx or a
 * network failure temporary: the send is tried again later (`classifySmtpError`).
 */
export function smtpTransport(
  url: string,
  options: {
    /** Connections open at once (default 10): messages go out over them side by side. */
    maxConnections?: number;
    /** Messages one connection carries before the pool opens a fresh one (default 1000). */
    maxMessages?: number;
    /** Milliseconds to connect, to be greeted, and of silence on the socket (tests shorten them). */
    timeouts?: { connection?: number; greeting?: number; socket?: number };
  } = {},
): MailTransport {
  // The options go in one object with the URL: a second argument would be message defaults, and
  // the pool and the timeouts would silently not apply.
  const transport = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: options.maxConnections ?? 10,
    maxMessages: options.maxMessages ?? 1000,
    // A message whose connection closed under it is not re-sent at once by the pool: it fails as
    // temporary, and the sender's backoff (features/email/sending.ts) tries it again, counted.
    maxRequeues: 0,
    // A delivery gives up well inside the sender's stale-claim window (features/email/sending.ts).
    connectionTimeout: options.timeouts?.connection ?? 10_000,
    greetingTimeout: options.timeouts?.greeting ?? 10_000,
    socketTimeout: options.timeouts?.socket ?? 30_000,
  } as never);
  return {
    name: "smtp",
    async send(mail): Promise<SendOutcome> {
      try {
        const info = await transport.sendMail(messageOptions(mail));
        if (info.accepted.length === 0)
          return { kind: "rejected", failure: "bounce", response: String(info.response ?? "rejected") };
        return { kind: "accepted", response: String(info.response ?? "") };
      } catch (caught) {
        const error = caught as SmtpError;
        return {
          kind: "rejected",
          failure: classifySmtpError(error),
          response: (error.response ?? readable(error.message)).slice(0, 500),
        };
      }
    },
    async close() {
      transport.close();
    },
  };
}
