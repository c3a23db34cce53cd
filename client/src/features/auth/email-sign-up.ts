import { ApiError } from "../../lib/api";

/**
 * The short sign-up forms ask no username: one comes from the email, and when it is taken a short
 * suffix is added and the sign-up tried once more.
 */
export async function withUsernameFromEmail<T>(
  email: string,
  attempt: (username: string) => Promise<T>,
): Promise<T> {
  const base = usernameFromEmail(email);
  try {
    return await attempt(base);
  } catch (first) {
    const usernameTaken =
      first instanceof ApiError && first.status === 409 && /username/i.test(first.message);
    if (!usernameTaken) throw first;
    return attempt(`${base.slice(0, 27)}_${Math.floor(1000 + Math.random() * 9000)}`);
  }
}

export function usernameFromEmail(email: string): string {
  const local = email.split("@")[0] ?? "";
  const cleaned = local.replace(/[^A-Za-z0-9._-]/g, "").slice(0, 32);
  return cleaned.length >= 3 ? cleaned : `user_${cleaned}${Math.floor(100 + Math.random() * 900)}`;
}
