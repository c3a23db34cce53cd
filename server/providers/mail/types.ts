/** One message as email marketing hands it to a transport. */
export type OutgoingMail = {
  /** Whose outbox it belongs to (the outbox transport files it per workspace). */
  workspaceId: string;
  /** A stable id for the message (the send row's id, or a test's id): the outbox file name. */
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** "<...@...>"; fixed before the first attempt, so a retried delivery keeps it. */
  messageId: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers: Record<string, string>;
};

/**
 * What the receiving server answered. `accepted`: it took the message (2xx). `rejected` with
 * `permanent`: a 5xx for the recipient (a hard bounce; the address is suppressed). Otherwise a
 * transient failure (4xx, network): the send may be tried again.
 */
export type SendOutcome =
  | { kind: "accepted"; response: string }
  | { kind: "rejected"; permanent: boolean; response: string };

export interface MailTransport {
  readonly name: "smtp" | "outbox";
  send(mail: OutgoingMail): Promise<SendOutcome>;
  close(): Promise<void>;
}
