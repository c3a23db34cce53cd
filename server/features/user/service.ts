import type { PasswordChange, ProfileUpdate } from "../../../common/user";
import { WRONG_CURRENT_PASSWORD } from "../../../common/user";
import type { UserRow } from "../../db/schema";
import { Conflict, NotAllowed, notFound } from "../../domain/errors";
import type { AuthService, ClientInfo } from "../auth/service";

type ParsedProfileUpdate =
  | { fullName: string }
  | { email: string; currentPassword?: string | undefined }
  | { cellphoneNumber: string };

/** The signed-in request making a change: its session stays signed in, its address is throttled. */
export type ActingSession = { tokenHash: string; client: ClientInfo };

const EMAIL_PASSWORD_MESSAGE = "Please enter your current password to change your email";

export function userService(auth: AuthService) {
  /**
   * A new email: the password again (the email is how an account is recovered), then the new
   * address waits for its confirmation link (or applies at once, unconfirmed, on a server that
   * sends no email). Typing the current email back drops a change that is waiting.
   */
  async function changeEmail(
    user: UserRow,
    update: { email: string; currentPassword?: string | undefined },
    session: ActingSession,
  ): Promise<UserRow> {
    if (update.email === user.email.toLowerCase()) {
      if (!user.pendingEmail) return user;
      const row = await auth.cancelEmailChange(user);
      if (!row) throw notFound("Your account");
      return row;
    }
    if (update.email === user.pendingEmail?.toLowerCase()) return user;
    // The check counts against the sign-in budgets like any other password check.
    if (!update.currentPassword) throw new NotAllowed(EMAIL_PASSWORD_MESSAGE);
    await auth.confirmPassword(user, update.currentPassword, session.client, EMAIL_PASSWORD_MESSAGE);
    if (await auth.emailBelongsToSomeoneElse(user.id, update.email)) {
      // The person has proved the password and needs the reason, but each such answer says an
      // email is registered: it costs an attempt, so addresses cannot be harvested here.
      await auth.spendAttempt(user, session.client);
      throw new Conflict("Another account already uses that email");
    }
    // Whoever else holds a session may be the reason for the change: they are signed out
    // first, so a failure below leaves no session alive that should have ended.
    await auth.endOtherSessions(user.id, session.tokenHash);
    const row = await auth.changeEmail(user, update.email);
    if (!row) throw notFound("Your account");
    return row;
  }

  return {
    async updateProfile(
      user: UserRow,
      update: ParsedProfileUpdate,
      session: ActingSession,
    ): Promise<UserRow> {
      if ("email" in update) return changeEmail(user, update, session);
      const fields =
        "fullName" in update
          ? { fullName: update.fullName || null }
          : { cellphoneNumber: update.cellphoneNumber || null };
      const row = await auth.updateProfile(user.id, fields);
      if (!row) throw notFound("Your account");
      return row;
    },

    /** Sends the confirmation link again; answers the sentence to show. */
    resendConfirmation: (user: UserRow) => auth.resendConfirmation(user),

    async cancelEmailChange(user: UserRow): Promise<UserRow> {
      const row = await auth.cancelEmailChange(user);
      if (!row) throw notFound("Your account");
      return row;
    },

    /** Changes the password after checking the current one; every other session is signed out. */
    async changePassword(
      user: UserRow,
      change: PasswordChange,
      session: ActingSession,
    ): Promise<{ otherSessionsEnded: number }> {
      await auth.confirmPassword(user, change.currentPassword, session.client, WRONG_CURRENT_PASSWORD);
      const otherSessionsEnded = await auth.replacePassword(user, change.newPassword, session.tokenHash);
      return { otherSessionsEnded };
    },

    async acceptTerms(user: UserRow, termsVersion: string): Promise<UserRow> {
      const row = await auth.acceptTerms(user.id, termsVersion);
      if (!row) throw notFound("Your account");
      return row;
    },
  };
}

export type { ProfileUpdate };
export type UserService = ReturnType<typeof userService>;
