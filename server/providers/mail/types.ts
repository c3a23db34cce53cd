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
 * What the receiving server answered. `accepted`: it took the message (2xx). `rejected` says
 * how it failed:
 * - `bounce`: a permanent (5xx) refusal of the recipient (RCPT TO, or a 5.1.x mailbox status):
 *   a hard bounce, and the address is suppressed;
 * - `permanent`: any other 5xx (the message, the sender, the account): trying again will not
 *   help, but the address is not at fault;
 * - `temporary`: a 4xx (421, 450, 451, 452 ...), or no answer at all (connection refused, reset
 *   or dropped, a greeting or socket timeout): the send is tried again later.
 */
export type SendFailure = "bounce" | "permanent" | "temporary";
export type SendOutcome =
  | { kind: "accepted"; response: string }
  | { kind: "rejected"; failure: SendFailure; response: string };

export interface MailTransport {
  readonly name: "smtp" | "outbox";
  send(mail: OutgoingMail): Promise<SendOutcome>;
  close(): Promise<void>;
}
