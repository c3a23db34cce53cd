import { hashToken } from "../../crypto/tokens";
import { TooMany } from "../../domain/errors";
import type { AuthRepository } from "./repository";

/**
 * How far a distributed attack may push one account before even fresh addresses are refused:
 * this many times the per-minute limit (see passwordAttempts).
 */
const ACCOUNT_CEILING_FACTOR = 10;

const NETWORK_MESSAGE = "Too many sign-in attempts from your network.";
const ACCOUNT_MESSAGE = "Too many sign-in attempts for this account.";

/** An admitted password check: `succeeded()` gives its attempt back, so only failures count. */
export type PasswordAttempt = { succeeded(): Promise<void> };

/** The budget key of an account, or of a login text that matches no account. */
export function accountKey(account: { id: string } | undefined, loginText: string): string {
  // A text that matches nothing gets a budget of its own, so an unknown name and a real account
  // behave alike and throttling tells a guesser nothing. Hashed: people type passwords into the
  // login field, and the table must not keep them.
  return account ? `login:account:${account.id}` : `login:unknown:${hashToken(loginText.toLowerCase())}`;
}

/**
 * The budgets that guard every password check (sign-in, changing the password or the email).
 * Each counts failed checks in a one-minute window, `limit` a minute:
 *
 * - per address: failures from one IP, whatever account they aim at;
 * - per account: failures against one account, whichever name was typed (its username and its
 *   email share one budget; see accountKey for texts that match no account).
 *
 * A per-account limit alone lets anyone lock the owner out by failing on purpose. So once an
 * account has spent its budget, an address with no failure in its current window may still try:
 * the owner, signing in from a network that has not been guessing, gets in. Each such address
 * buys an attacker one guess before it is limited itself, so a distributed attack gains one
 * guess per fresh address a minute, and when failures reach ACCOUNT_CEILING_FACTOR times the
 * limit (an attack from ten or more networks at once) the account is closed to every address
 * until its minute ends: that short lock is the lesser evil against unbounded guessing.
 *
 * Attempts are counted before the password is checked, so parallel guesses cannot overshoot a
 * budget, and given back when the password was right.
 */
export function passwordAttempts(repo: AuthRepository, limit: number) {
  async function refuse(key: string, message: string): Promise<never> {
    const seconds = await repo.secondsUntilReset(key);
    throw new TooMany(`${message} Please wait ${seconds} seconds and try again.`);
  }

  return {
    /** Admits one password check for the account key from this address, or refuses (TooMany). */
    async admit(accountBudgetKey: string, ip: string): Promise<PasswordAttempt> {
      const addressKey = `login:ip:${ip}`;
      const fromAddress = await repo.reserveAttempt(addressKey, limit);
      if (fromAddress === null) return refuse(addressKey, NETWORK_MESSAGE);
      const addressIsClean = fromAddress === 1;
      const againstAccount = await repo.reserveAttempt(
        accountBudgetKey,
        addressIsClean ? limit * ACCOUNT_CEILING_FACTOR : limit,
      );
      if (againstAccount === null) {
        // Refused before any password was checked: nothing for the address to pay for.
        await repo.releaseAttempt(addressKey);
        return refuse(accountBudgetKey, ACCOUNT_MESSAGE);
      }
      return {
        async succeeded() {
          await repo.releaseAttempt(addressKey);
          await repo.releaseAttempt(accountBudgetKey);
        },
      };
    },
  };
}

export type PasswordAttempts = ReturnType<typeof passwordAttempts>;
