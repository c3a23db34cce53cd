/**
 * The failures services, commands, jobs and the engine's ports throw: what went wrong in the
 * product's own terms, with the message a person reads. None of them knows about HTTP: the one
 * error handler (server/http/error-handler.ts) answers each kind with its status, and code that
 * catches one asks `instanceof`, never a status or the message's text.
 */

/** A message for one field of the input, by its dotted path ("callback.at"). */
export type FieldIssue = { path: string; message: string };

/** Every kind of failure; the error handler maps each to one status. */
export type FailureKind =
  | "invalid"
  | "not-signed-in"
  | "limit-reached"
  | "not-allowed"
  | "not-found"
  | "conflict"
  | "gone"
  | "too-large"
  | "unsupported-format"
  | "cannot-process"
  | "too-many"
  | "outside-service-failed"
  | "unavailable"
  | "outside-service-timed-out";

/** A failure the person asking is told about in its own words; anything else is our fault. */
export abstract class DomainError extends Error {
  protected constructor(
    readonly kind: FailureKind,
    message: string,
    readonly issues?: FieldIssue[],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** The input is wrong; `issues` says which fields and why, when it is about fields. */
export class Invalid extends DomainError {
  constructor(message: string, issues?: FieldIssue[]) {
    super("invalid", message, issues);
  }
}

/** Nobody is signed in, or the credentials given are wrong. */
export class NotSignedIn extends DomainError {
  constructor(message = "Please sign in to continue") {
    super("not-signed-in", message);
  }
}

/** The plan's limit or feature stops it: a bigger plan would allow it. */
export class LimitReached extends DomainError {
  constructor(message: string) {
    super("limit-reached", message);
  }
}

/** The person acting may not do this. */
export class NotAllowed extends DomainError {
  constructor(message = "You do not have permission to do that") {
    super("not-allowed", message);
  }
}

/** No such thing in this workspace (or at all). */
export class NotFound extends DomainError {
  constructor(message: string) {
    super("not-found", message);
  }
}

/** "That contact was not found": the usual wording, from the thing's name. */
export const notFound = (what = "That item") => new NotFound(`${what} was not found`);

/** The thing's state does not allow it now (already done, in use, taken). */
export class Conflict extends DomainError {
  constructor(message: string) {
    super("conflict", message);
  }
}

/** It existed but is used up or expired for good (an invitation, a sign-in link). */
export class Gone extends DomainError {
  constructor(message: string) {
    super("gone", message);
  }
}

/** What was sent is bigger or longer than allowed (an upload, a recording). */
export class TooLarge extends DomainError {
  constructor(message: string) {
    super("too-large", message);
  }
}

/** What was sent is not in a format taken here (audio that is not what it says). */
export class UnsupportedFormat extends DomainError {
  constructor(message: string) {
    super("unsupported-format", message);
  }
}

/** The input is well formed but could not be worked on (no speech recognised in a recording). */
export class CannotProcess extends DomainError {
  constructor(message: string) {
    super("cannot-process", message);
  }
}

/** Too many at once or too often: wait and try again. */
export class TooMany extends DomainError {
  constructor(message: string) {
    super("too-many", message);
  }
}

/** An outside service (the carrier, payments, mail, a voice service) failed or refused. */
export class OutsideServiceFailed extends DomainError {
  constructor(message: string) {
    super("outside-service-failed", message);
  }
}

/** An outside service did not answer in time. */
export class OutsideServiceTimedOut extends DomainError {
  constructor(message: string) {
    super("outside-service-timed-out", message);
  }
}

/** Not possible right now on this server (maintenance, busy, not configured). */
export class Unavailable extends DomainError {
  constructor(message: string) {
    super("unavailable", message);
  }
}

/** Builds the error of a kind again, for a failure that crossed a thread as plain data. */
export function domainError(kind: FailureKind, message: string, issues?: FieldIssue[]): DomainError {
  switch (kind) {
    case "invalid":
      return new Invalid(message, issues);
    case "not-signed-in":
      return new NotSignedIn(message);
    case "limit-reached":
      return new LimitReached(message);
    case "not-allowed":
      return new NotAllowed(message);
    case "not-found":
      return new NotFound(message);
    case "conflict":
      return new Conflict(message);
    case "gone":
      return new Gone(message);
    case "too-large":
      return new TooLarge(message);
    case "unsupported-format":
      return new UnsupportedFormat(message);
    case "cannot-process":
      return new CannotProcess(message);
    case "too-many":
      return new TooMany(message);
    case "outside-service-failed":
      return new OutsideServiceFailed(message);
    case "unavailable":
      return new Unavailable(message);
    case "outside-service-timed-out":
      return new OutsideServiceTimedOut(message);
  }
}
