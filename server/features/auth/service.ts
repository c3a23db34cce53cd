import {
  CHECK_EMAIL_MESSAGE,
  CONFIRM_EMAIL_FIRST_MESSAGE,
  CONFIRM_LINK_HOURS,
  LINK_EXPIRED_MESSAGE,
  type LoginRequest,
  RESET_LINK_HOURS,
  RESET_REQUESTED_MESSAGE,
  SIGNUP_NOT_COMPLETED_MESSAGE,
  type SignupRequest,
} from "../../../common/auth";
import { SIGNUP_TRIAL_DAYS } from "../../../common/plans";
import type { Config } from "../../config";
import { hashToken, newSessionToken } from "../../crypto/tokens";
import type { Db } from "../../db/client";
import type { UserRow } from "../../db/schema";
import type { Account } from "../../domain/account";
import { Conflict, Invalid, NotAllowed, NotSignedIn, TooMany } from "../../domain/errors";
import type { AccessChanges } from "../../events/access";
import type { WorkspaceDirectory } from "../workspaces/directory";
import { accountKey, passwordAttempts } from "./attempts";
import type { AccountNotices } from "./notices";
import { burnPasswordCheck, hashPassword, verifyPassword } from "./password";
import { type AuthRepository, accountDeletionQueries, type EmailLinkPurpose } from "./repository";
import { sessionCache } from "./session-cache";
import { sessionWatcher } from "./session-watch";

export type ClientInfo = { ip: string; userAgent: string | undefined };
export type SignedIn = { user: UserRow; workspaceId: string; token: string };
/** A live session: the person, the workspace it works in as an Account, and its token's hash. */
export type LiveSession = {
  user: UserRow;
  account: Account;
  tokenHash: string;
  sessionId: string;
  /** When the session was last marked as used (written at most once a minute). */
  lastSeenAt: number;
  /** When the session ends, used or not (epoch milliseconds). */
  expiresAt: number;
};

/** How long a resolved session is reused without asking the database (changes drop it at once). */
const SESSION_CACHE_MS = 10_000;
/** The idle clock is refreshed at most this often: a minute's precision is plenty for days. */
const TOUCH_EVERY_MS = 60_000;

/**
 * Joining a workspace at sign-up through an invitation link: checked and spent inside the
 * sign-up's transaction; answers the workspace joined. Supplied by the teams area.
 */
export type InvitationRedeemer = (
  tx: Db,
  input: { token: string; userId: string; email: string },
) => Promise<string>;
/**
 * A sign-up either creates the account and signs it in, or answers a message and no session: when
 * the server sends email, every sign-up waits for its address to be confirmed, and an address
 * that already has an account gets the very same answer (its owner is told instead), so the answer
 * never says which addresses are registered.
 */
export type SignupOutcome = ({ created: true } & SignedIn) | { created: false; message: string };

/** What an action that sends a link answers the person: where the link went. */
const OUTBOX_NOTE =
  "This server sends no email yet, so the message was written to its outbox folder: ask your administrator for the link.";

const TRIAL_DAYS = SIGNUP_TRIAL_DAYS;
const USERNAME_TAKEN_MESSAGE = "That username is taken. Please choose another.";
const WRONG_LOGIN_MESSAGE = "Incorrect username, email or password";
const EMAIL_TAKEN_MESSAGE = "That email already has an account.";

/** A new person's own workspace, set up inside the sign-up's transaction (commands/provision-workspace.ts). */
export type WorkspaceProvisioner = (
  tx: Db,
  input: {
    ownerId: string;
    planType: "personal" | "business";
    name: string;
    business: SignupRequest["businessInfo"] | undefined;
    trialEndsAt: Date;
  },
) => Promise<string>;

export type AuthServiceDeps = {
  notices: AccountNotices;
  /** Cache invalidation across servers: every change to access is announced here. */
  access: AccessChanges;
  provisionWorkspace: WorkspaceProvisioner;
  /** Where a session lands (the teams area). */
  directory: WorkspaceDirectory;
  /** Checks an invitation before a sign-up creates anything; throws the reason it cannot be used. */
  checkInvitation: (token: string, email: string) => Promise<void>;
  redeemInvitation: InvitationRedeemer;
  /**
   * The platform administrator's say at sign-in: a reason to refuse the person
   * (suspended), and a note of each failed attempt for the audit log.
   */
  signInGate?: {
    refusal(userId: string): Promise<string | undefined>;
    failed(
      login: string,
      ip: string,
      reason: "wrong_password" | "unknown_login" | "suspended",
    ): Promise<void>;
  };
};

export function authService(repo: AuthRepository, config: Config, deps: AuthServiceDeps) {
  const { notices, directory, access } = deps;
  const cache = sessionCache({ ttlMs: SESSION_CACHE_MS });
  access.onChange((change) => cache.invalidate(change));
  const isConfiguredAdmin = (email: string) => config.adminEmails.includes(email.toLowerCase());
  const attempts = passwordAttempts(repo, config.authRateLimitPerMinute);
  // With SMTP the links reach people; without, they are written to the outbox for an operator,
  // so nothing can wait on them: sign-up signs in at once and an email change applies at once
  // (unconfirmed, so it grants nothing that hangs on an address).
  const emailIsSent = Boolean(config.mail.smtpUrl);

  /** A fresh link for the person, or undefined when their ration of links is spent for now. */
  async function issueLink(userId: string, purpose: EmailLinkPurpose, email: string) {
    const token = newSessionToken();
    const hours = purpose === "reset" ? RESET_LINK_HOURS : CONFIRM_LINK_HOURS;
    const stored = await repo.createEmailLink({
      userId,
      purpose,
      email,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + hours * 60 * 60 * 1000),
    });
    return stored ? token : undefined;
  }

  /** Sends a confirmation link for `email`; answers false when the person's ration is spent. */
  async function sendConfirmation(user: UserRow, email: string, reason: "signup" | "change" | "confirm") {
    const token = await issueLink(user.id, "confirm", email);
    if (token) await notices.confirmAddress(user, email, token, reason);
    return token !== undefined;
  }

  /**
   * ADMIN_EMAILS makes an administrator of whoever proved they hold a listed address, never of
   * whoever typed it: the address must be confirmed by a link sent to it.
   */
  async function grantConfiguredAdmin(user: UserRow): Promise<void> {
    if (user.role === "admin" || !user.emailVerifiedAt || !isConfiguredAdmin(user.email)) return;
    await repo.promoteToAdmin(user.id);
    user.role = "admin";
    access.changed({ userId: user.id });
  }

  /** Public link routes spend from a per-address budget, like sign-in. */
  async function admitLinkRequest(client: ClientInfo) {
    const key = `email-link:ip:${client.ip}`;
    if ((await repo.reserveAttempt(key, config.authRateLimitPerMinute)) === null) {
      const seconds = await repo.secondsUntilReset(key);
      throw new TooMany(`Too many requests from your network. Please wait ${seconds} seconds and try again.`);
    }
  }

  /** The session a followed link opens, unless the person may not sign in (suspended). */
  async function signInAfterLink(user: UserRow, client: ClientInfo): Promise<SignedIn> {
    const refusal = await deps.signInGate?.refusal(user.id);
    if (refusal) throw new NotAllowed(refusal);
    return startSession(user, await directory.landingFor(user), client);
  }

  async function startSession(user: UserRow, workspaceId: string, client: ClientInfo): Promise<SignedIn> {
    const token = newSessionToken();
    await repo.createSession({
      userId: user.id,
      workspaceId,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + config.sessionMaxMs),
      userAgent: client.userAgent,
      ip: client.ip,
    });
    return { user, workspaceId, token };
  }

  /** The email is registered: answer as a new sign-up would, and let its owner know instead. */
  async function signupWithExistingEmail(email: string): Promise<SignupOutcome> {
    const owner = await repo.findUserByLogin(email);
    if (owner) {
      const token = await issueLink(owner.id, "reset", owner.email);
      await notices.signupWithExistingEmail(owner, token ? { token } : undefined);
    }
    return { created: false, message: emailIsSent ? CHECK_EMAIL_MESSAGE : SIGNUP_NOT_COMPLETED_MESSAGE };
  }

  /**
   * The live session behind a cookie token: the person and the workspace it works in, or
   * undefined. Refreshes the idle clock now and then.
   */
  async function resolve(token: string | undefined): Promise<LiveSession | undefined> {
    if (!token || token.length > 100) return undefined;
    const tokenHash = hashToken(token);
    const cached = cache.get(tokenHash);
    if (cached) {
      if (Date.now() - cached.lastSeenAt > TOUCH_EVERY_MS) {
        cached.lastSeenAt = Date.now();
        await repo.touchSession(cached.sessionId);
      }
      return cached;
    }
    const idleSince = new Date(Date.now() - config.sessionIdleMs);
    const found = await repo.findLiveSession(tokenHash, idleSince);
    if (!found) return undefined;
    let lastSeenAt = found.session.lastSeenAt.getTime();
    if (Date.now() - lastSeenAt > TOUCH_EVERY_MS) {
      await repo.touchSession(found.session.id);
      lastSeenAt = Date.now();
    }
    const session: LiveSession = {
      user: found.user,
      account: {
        ...found.workspace,
        role: found.role as Account["role"],
        actor: found.user,
        owner: found.owner,
      },
      tokenHash,
      sessionId: found.session.id,
      lastSeenAt,
      expiresAt: found.session.expiresAt.getTime(),
    };
    cache.set(session, found.session.expiresAt.getTime());
    return session;
  }

  return {
    async signup(
      input: SignupRequest & { planType: "personal" | "business"; invitationToken?: string | undefined },
      client: ClientInfo,
    ): Promise<SignupOutcome> {
      const signupKey = `signup:ip:${client.ip}`;
      if ((await repo.reserveAttempt(signupKey, config.authRateLimitPerMinute)) === null) {
        const seconds = await repo.secondsUntilReset(signupKey);
        throw new TooMany(
          `Too many sign-up attempts from your network. Please wait ${seconds} seconds and try again.`,
        );
      }
      // A username is public (it is how people sign in and are greeted), so a taken one is said
      // plainly: people need to pick another. An email is private: see signupWithExistingEmail.
      const taken = await repo.takenIdentifiers(input.username, input.email);
      if (taken.username) throw new Conflict(USERNAME_TAKEN_MESSAGE);
      // Hashed on both paths, so the answer takes as long whether or not the email is registered.
      const passwordHash = await hashPassword(input.password);
      if (taken.email) return signupWithExistingEmail(input.email);

      const business = input.planType === "business" ? input.businessInfo : undefined;
      const invitationToken = input.invitationToken;
      // An invitation that cannot be used says so before anything is created.
      if (invitationToken) await deps.checkInvitation(invitationToken, input.email);

      let created: { user: UserRow; workspaceId: string };
      try {
        created = await repo.createAccount({
          user: {
            username: input.username,
            email: input.email,
            passwordHash,
            fullName: input.fullName || null,
          },
          // ADMIN_EMAILS counts only once the address is confirmed (grantConfiguredAdmin).
          forceAdmin: false,
          // Through an invitation the person joins that workspace and gets none of their own.
          settle: (tx, userId) =>
            invitationToken
              ? deps.redeemInvitation(tx, { token: invitationToken, userId, email: input.email })
              : deps.provisionWorkspace(tx, {
                  ownerId: userId,
                  planType: input.planType,
                  name: business?.companyName || input.fullName?.trim() || input.username,
                  business,
                  trialEndsAt: new Date(Date.now() + TRIAL_DAYS * 24 * 60 * 60 * 1000),
                }),
        });
      } catch (error) {
        // Two sign-ups racing for the same name or email: the unique index decides, and the loser
        // gets the answer it would have got a moment later.
        if (!isUniqueViolation(error)) throw error;
        const raced = await repo.takenIdentifiers(input.username, input.email);
        if (raced.username || !raced.email) throw new Conflict(USERNAME_TAKEN_MESSAGE);
        return signupWithExistingEmail(input.email);
      }
      await sendConfirmation(created.user, created.user.email, "signup");
      if (emailIsSent) return { created: false, message: CHECK_EMAIL_MESSAGE };
      return { created: true, ...(await startSession(created.user, created.workspaceId, client)) };
    },

    /**
     * A platform administrator adds a person: the sign-up's path (hashing, the
     * person's own workspace on the personal plan's trial) without a session, and with a
     * password nobody knows: the person signs in once through a one-time link and sets their own.
     * Taken names and emails are said plainly, since only an administrator asks.
     */
    async createAccountFor(input: {
      username: string;
      email: string;
      fullName?: string | undefined;
      role: "user" | "admin";
    }): Promise<UserRow> {
      const taken = await repo.takenIdentifiers(input.username, input.email);
      if (taken.username) throw new Conflict(USERNAME_TAKEN_MESSAGE);
      if (taken.email) throw new Conflict(EMAIL_TAKEN_MESSAGE);
      const passwordHash = await hashPassword(newSessionToken());
      try {
        const { user } = await repo.createAccount({
          user: {
            username: input.username,
            email: input.email,
            passwordHash,
            fullName: input.fullName || null,
          },
          forceAdmin: input.role === "admin",
          settle: (tx, userId) =>
            deps.provisionWorkspace(tx, {
              ownerId: userId,
              planType: "personal",
              name: input.fullName?.trim() || input.username,
              business: undefined,
              trialEndsAt: new Date(Date.now() + TRIAL_DAYS * 24 * 60 * 60 * 1000),
            }),
        });
        return user;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const raced = await repo.takenIdentifiers(input.username, input.email);
        throw new Conflict(raced.username ? USERNAME_TAKEN_MESSAGE : EMAIL_TAKEN_MESSAGE);
      }
    },

    /**
     * Signs a person in without their password: a one-time link an administrator handed over
     * (the admin area checks and spends it). With `newPassword`, it becomes their password first.
     */
    async signInByLink(
      userId: string,
      client: ClientInfo,
      newPassword?: string,
    ): Promise<SignedIn | undefined> {
      const user = await repo.findUserById(userId);
      if (!user) return undefined;
      if (newPassword) {
        user.passwordHash = await hashPassword(newPassword);
        await repo.setPasswordHash(user.id, user.passwordHash);
        access.changed({ userId: user.id });
      }
      return startSession(user, await directory.landingFor(user), client);
    },

    /**
     * Inside the caller's transaction (an administrator's deletion): ends the person's sessions,
     * answering how many, and then deletes them. Call `userDeleted` once it commits.
     */
    endAllSessionsIn: (tx: Db, userId: string) => accountDeletionQueries(tx).deleteSessionsOf(userId),
    deleteUserIn: (tx: Db, userId: string) => accountDeletionQueries(tx).deleteUser(userId),
    /** Every server forgets the deleted person's cached sessions. */
    userDeleted(userId: string): void {
      access.changed({ userId });
    },

    async login(input: LoginRequest, client: ClientInfo): Promise<SignedIn> {
      const user = await repo.findUserByLogin(input.login);
      const attempt = await attempts.admit(accountKey(user, input.login), client.ip);
      if (!user) {
        await burnPasswordCheck(input.password);
        await deps.signInGate?.failed(input.login, client.ip, "unknown_login");
        throw new NotSignedIn(WRONG_LOGIN_MESSAGE);
      }
      if (!(await verifyPassword(user.passwordHash, input.password))) {
        await deps.signInGate?.failed(input.login, client.ip, "wrong_password");
        throw new NotSignedIn(WRONG_LOGIN_MESSAGE);
      }
      await attempt.succeeded();
      const refusal = await deps.signInGate?.refusal(user.id);
      if (refusal) {
        await deps.signInGate?.failed(input.login, client.ip, "suspended");
        throw new NotAllowed(refusal);
      }
      if (emailIsSent && !user.emailVerifiedAt) {
        // The password is right, so the person may hear why: the link is sent again.
        await sendConfirmation(user, user.email, "confirm");
        throw new NotAllowed(CONFIRM_EMAIL_FIRST_MESSAGE);
      }
      await grantConfiguredAdmin(user);
      return startSession(user, await directory.landingFor(user), client);
    },

    /**
     * A confirmation link was followed: its address becomes the person's confirmed email (their
     * current one, or the change they asked for, which takes effect now), and they are signed in.
     */
    async confirmEmail(token: string, client: ClientInfo): Promise<SignedIn> {
      await admitLinkRequest(client);
      const link = await repo.takeEmailLink(hashToken(token), "confirm");
      if (!link) throw new Invalid(LINK_EXPIRED_MESSAGE);
      let confirmed: Awaited<ReturnType<AuthRepository["confirmAddress"]>>;
      try {
        confirmed = await repo.confirmAddress(link.userId, link.email);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        throw new Conflict(
          "Another account started using this email in the meantime, so it cannot become yours.",
        );
      }
      if (!confirmed) throw new Invalid(LINK_EXPIRED_MESSAGE);
      const { row: user, previousEmail } = confirmed;
      access.changed({ userId: user.id });
      if (previousEmail.toLowerCase() !== user.email.toLowerCase())
        await notices.emailChanged(user, { previousEmail });
      await grantConfiguredAdmin(user);
      return signInAfterLink(user, client);
    },

    /**
     * Sends a link to choose a new password when an account uses `email`; answers the same
     * either way, and as fast (the message is sent after the answer).
     */
    async requestPasswordReset(email: string, client: ClientInfo): Promise<string> {
      await admitLinkRequest(client);
      const user = await repo.findUserByLogin(email);
      if (user) {
        const token = await issueLink(user.id, "reset", user.email);
        if (token) void notices.resetPassword(user, token);
      }
      return emailIsSent ? RESET_REQUESTED_MESSAGE : `${RESET_REQUESTED_MESSAGE} ${OUTBOX_NOTE}`;
    },

    /**
     * A reset link was followed with a new password: it is set, every session of the person
     * ends (whoever knew the old password is out), the address is confirmed, and they are signed
     * in afresh.
     */
    async resetPassword(token: string, newPassword: string, client: ClientInfo): Promise<SignedIn> {
      await admitLinkRequest(client);
      const link = await repo.takeEmailLink(hashToken(token), "reset");
      if (!link) throw new Invalid(LINK_EXPIRED_MESSAGE);
      const reset = await repo.resetPassword(link.userId, link.email, await hashPassword(newPassword));
      if (!reset) throw new Invalid(LINK_EXPIRED_MESSAGE);
      const { row: user, sessionsEnded } = reset;
      access.changed({ userId: user.id });
      await notices.passwordChanged(user, { otherSessionsEnded: sessionsEnded });
      await grantConfiguredAdmin(user);
      return signInAfterLink(user, client);
    },

    /**
     * A signed-in person changes their email (password already confirmed by the caller). When the
     * server sends email the new address waits for its link (the email stays as it is until then);
     * otherwise it applies at once, unconfirmed.
     */
    async changeEmail(user: UserRow, email: string): Promise<UserRow | undefined> {
      if (emailIsSent) {
        const row = await repo.setPendingEmail(user.id, email);
        if (!row) return undefined;
        access.changed({ userId: user.id });
        await sendConfirmation(row, email, "change");
        return row;
      }
      const row = await repo.updateProfile(user.id, { email, emailVerifiedAt: null, pendingEmail: null });
      if (!row) return undefined;
      access.changed({});
      await notices.emailChanged(row, { previousEmail: user.email });
      await sendConfirmation(row, email, "confirm");
      return row;
    },

    /** Drops an email change that is waiting for its link. */
    async cancelEmailChange(user: UserRow): Promise<UserRow | undefined> {
      const row = await repo.setPendingEmail(user.id, null);
      access.changed({ userId: user.id });
      return row;
    },

    /**
     * Sends the confirmation link again: for the change waiting, else the unconfirmed email.
     * Answers the sentence to show the person.
     */
    async resendConfirmation(user: UserRow): Promise<string> {
      const target = user.pendingEmail ?? (user.emailVerifiedAt ? null : user.email);
      if (!target) throw new Conflict("Your email address is already confirmed.");
      const sent = await sendConfirmation(user, target, user.pendingEmail ? "change" : "confirm");
      if (!sent)
        throw new TooMany(
          "We sent a link a moment ago: check your inbox and spam folder, or try again in a few minutes.",
        );
      return emailIsSent
        ? `We sent a new link to ${target}. It works for ${CONFIRM_LINK_HOURS} hours.`
        : OUTBOX_NOTE;
    },

    /**
     * Checks a signed-in user's password before a sensitive change, under the same budgets as
     * sign-in: a stolen session cannot be used to guess the password either. Refuses (NotAllowed) with
     * `wrongMessage` when it is wrong, 429 when a budget is spent.
     */
    async confirmPassword(user: UserRow, password: string, client: ClientInfo, wrongMessage: string) {
      const attempt = await attempts.admit(accountKey(user, user.username), client.ip);
      if (!(await verifyPassword(user.passwordHash, password))) throw new NotAllowed(wrongMessage);
      await attempt.succeeded();
    },

    /**
     * Spends one attempt of the sign-in budgets for an answer that tells something about other
     * accounts (an email already in use), so such answers cannot be harvested at speed.
     */
    async spendAttempt(user: UserRow, client: ClientInfo): Promise<void> {
      await attempts.admit(accountKey(user, user.username), client.ip);
    },

    /**
     * Sets a new password (the current one must have been confirmed) and ends every other
     * session of the account; the session making the change stays signed in.
     */
    async replacePassword(user: UserRow, newPassword: string, keepTokenHash: string): Promise<number> {
      const otherSessionsEnded = await repo.replacePassword(
        user.id,
        await hashPassword(newPassword),
        keepTokenHash,
      );
      // The session that made the change holds the old hash in memory: it is read afresh too.
      access.changed({ userId: user.id });
      await notices.passwordChanged(user, { otherSessionsEnded });
      return otherSessionsEnded;
    },

    /** Ends every session of the account but the one with this token hash; answers how many ended. */
    async endOtherSessions(userId: string, keepTokenHash: string): Promise<number> {
      const ended = await repo.deleteOtherSessions(userId, keepTokenHash);
      access.changed({ userId });
      return ended;
    },

    notices,

    async logout(token: string | undefined): Promise<void> {
      if (!token) return;
      const tokenHash = hashToken(token);
      await repo.deleteSessionByTokenHash(tokenHash);
      access.changed({ tokenHash });
    },

    resolve,

    /**
     * Ends a long-lived response with its session (session-watch.ts): `ended` is called once when
     * the session behind `token` ends or no longer allows `least` in its workspace.
     */
    watchSession: sessionWatcher({ resolve, access }),

    // --- the person's own row (the users table is this area's) ---------------------------------

    async updateProfile(userId: string, fields: Partial<Pick<UserRow, "fullName" | "cellphoneNumber">>) {
      const row = await repo.updateProfile(userId, fields);
      // A person's name and cellphone are also the owner's, cached in every session of the
      // workspaces they own: those are not known here, so every cached session goes.
      access.changed({});
      return row;
    },
    emailBelongsToSomeoneElse: (userId: string, email: string) =>
      repo.emailBelongsToSomeoneElse(userId, email),
    async acceptTerms(userId: string, termsVersion: string) {
      const row = await repo.acceptTerms(userId, termsVersion);
      access.changed({ userId });
      return row;
    },
    /** Where the person's next sign-in lands; null: the workspace they own. */
    rememberWorkspace: (userId: string, workspaceId: string | null) =>
      repo.rememberWorkspace(userId, workspaceId),

    /** Ends a person's sessions in one workspace (they were removed from it). */
    async endSessionsIn(workspaceId: string, userId: string): Promise<number> {
      const ended = await repo.deleteSessionsIn(workspaceId, userId);
      access.changed({ workspaceId, userId });
      return ended;
    },

    /** Moves this session to another workspace the person belongs to (checked by the caller). */
    async switchWorkspace(tokenHash: string, workspaceId: string): Promise<void> {
      await repo.switchSession(tokenHash, workspaceId);
      access.changed({ tokenHash });
    },

    async housekeeping(): Promise<void> {
      await repo.deleteStaleSessions(new Date(Date.now() - config.sessionIdleMs));
      await repo.pruneRateLimits();
      await repo.deleteExpiredEmailLinks();
    },
  };
}

export type AuthService = ReturnType<typeof authService>;

function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; cause?: { code?: string } })?.code ??
    (error as { cause?: { code?: string } })?.cause?.code;
  return code === "23505";
}
