import type { LoginRequest, SignupRequest } from "../../../common/auth";
import type { Config } from "../../config";
import { conflict, tooMany, unauthorized } from "../../http/errors";
import { burnPasswordCheck, hashPassword, verifyPassword } from "./password";
import type { AuthRepository, UserRow } from "./repository";
import { hashToken, newSessionToken } from "./tokens";

export type ClientInfo = { ip: string; userAgent: string | undefined };
export type SignedIn = { user: UserRow; token: string };

const TRIAL_DAYS = 30;

export function authService(repo: AuthRepository, config: Config) {
  const isConfiguredAdmin = (email: string) => config.adminEmails.includes(email.toLowerCase());

  async function startSession(user: UserRow, client: ClientInfo): Promise<SignedIn> {
    const token = newSessionToken();
    await repo.createSession({
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + config.sessionMaxMs),
      userAgent: client.userAgent,
      ip: client.ip,
    });
    return { user, token };
  }

  async function enforceLimit(key: string, message: string): Promise<void> {
    const { count, resetInSeconds } = await repo.hitRateLimit(key);
    if (count > config.authRateLimitPerMinute) {
      throw tooMany(`${message} Please wait ${resetInSeconds} seconds and try again.`);
    }
  }

  return {
    async signup(input: SignupRequest & { planType: "personal" | "business" }, client: ClientInfo) {
      await enforceLimit(`signup:ip:${client.ip}`, "Too many sign-up attempts from your network.");
      const taken = await repo.takenIdentifiers(input.username, input.email);
      if (taken.username && taken.email)
        throw conflict("That username and email are already registered. Try signing in.");
      if (taken.username) throw conflict("That username is taken. Please choose another.");
      if (taken.email) throw conflict("An account with that email already exists. Try signing in.");

      const business = input.planType === "business" ? input.businessInfo : undefined;

      let user: UserRow;
      try {
        user = await repo.createAccount({
          user: {
            username: input.username,
            email: input.email,
            passwordHash: await hashPassword(input.password),
            fullName: input.fullName || null,
            planType: input.planType,
            companyName: business?.companyName ?? null,
            industry: business?.industry ?? null,
            businessDescription: business?.businessDescription ?? null,
          },
          settings: {
            ...(business?.greetingMessage ? { greetingMessage: business.greetingMessage } : {}),
            callPurpose: business?.callPurpose ?? null,
            aiPersonality: business?.aiPersonality ?? null,
            businessHours: business?.businessHours ?? null,
          },
          forceAdmin: isConfiguredAdmin(input.email),
          subscription: {
            planType: input.planType,
            status: "trialing",
            currentPeriodEnd: new Date(Date.now() + TRIAL_DAYS * 24 * 60 * 60 * 1000),
          },
        });
      } catch (error) {
        // Two sign-ups racing for the same name: the unique index decides, the loser gets a 409.
        if (isUniqueViolation(error))
          throw conflict("That username or email was just registered. Try another.");
        throw error;
      }
      return startSession(user, client);
    },

    async login(input: LoginRequest, client: ClientInfo): Promise<SignedIn> {
      const accountKey = `login:account:${input.login.toLowerCase()}`;
      await enforceLimit(`login:ip:${client.ip}`, "Too many sign-in attempts from your network.");
      await enforceLimit(accountKey, "Too many sign-in attempts for this account.");

      const user = await repo.findUserByLogin(input.login);
      if (!user) {
        await burnPasswordCheck(input.password);
        throw unauthorized("Incorrect username, email or password");
      }
      if (!(await verifyPassword(user.passwordHash, input.password))) {
        throw unauthorized("Incorrect username, email or password");
      }
      await repo.clearRateLimit(accountKey);
      if (user.role !== "admin" && isConfiguredAdmin(user.email)) {
        await repo.promoteToAdmin(user.id);
        user.role = "admin";
      }
      return startSession(user, client);
    },

    async logout(token: string | undefined): Promise<void> {
      if (token) await repo.deleteSessionByTokenHash(hashToken(token));
    },

    /** The signed-in user behind a cookie token, or undefined. Refreshes the idle clock now and then. */
    async resolve(token: string | undefined): Promise<{ user: UserRow; tokenHash: string } | undefined> {
      if (!token || token.length > 100) return undefined;
      const tokenHash = hashToken(token);
      const idleSince = new Date(Date.now() - config.sessionIdleMs);
      const found = await repo.findLiveSession(tokenHash, idleSince);
      if (!found) return undefined;
      // Writing on every request would make each read a write; a minute's precision is plenty for a 7-day idle timeout.
      if (Date.now() - found.session.lastSeenAt.getTime() > 60_000) await repo.touchSession(found.session.id);
      return { user: found.user, tokenHash };
    },

    async housekeeping(): Promise<void> {
      await repo.deleteStaleSessions(new Date(Date.now() - config.sessionIdleMs));
      await repo.pruneRateLimits();
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
