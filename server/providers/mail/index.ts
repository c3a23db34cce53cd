import type { Config } from "../../config";
import { outboxTransport } from "./outbox";
import { smtpTransport } from "./smtp";
import type { MailTransport } from "./types";

export { listOutbox, readOutbox } from "./outbox";
export type { MailTransport, OutgoingMail, SendFailure, SendOutcome } from "./types";

/** SMTP when SMTP_URL is set; otherwise the outbox of .eml files in DATA_DIR. */
export function createMailTransport(config: Pick<Config, "mail" | "dataDir">): MailTransport {
  return config.mail.smtpUrl
    ? smtpTransport(config.mail.smtpUrl, {
        maxConnections: config.mail.pool?.connections,
        maxMessages: config.mail.pool?.messagesPerConnection,
      })
    : outboxTransport(config.dataDir);
}
