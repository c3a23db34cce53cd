import { REFERRAL_PARAM, ReferralClaimed } from "@common/referrals";
import { ApiError, requestParsed } from "./api";

/**
 * A referral link (/signup?ref=CODE) is remembered in this browser from the moment it is opened,
 * and claimed for the new workspace once its account exists (the sign-up screen may be left and
 * come back to; a refresh keeps it).
 */
const KEY = "aip.referral-code";
const CODE = /^[A-Za-z0-9]{6,32}$/;

export function rememberReferralFrom(search: string): void {
  const code = new URLSearchParams(search).get(REFERRAL_PARAM);
  if (code && CODE.test(code)) localStorage.setItem(KEY, code);
}

export function rememberedReferral(): string | null {
  return localStorage.getItem(KEY);
}

/**
 * Claims the remembered code for the signed-in new workspace: true when recorded. A refusal (an
 * unknown or own code, a workspace referred already) forgets it; a failure to reach the server
 * keeps it for the next try.
 */
export async function claimRememberedReferral(): Promise<boolean> {
  const code = rememberedReferral();
  if (!code) return false;
  try {
    await requestParsed(ReferralClaimed, "POST", "/api/referrals/claim", { code });
    localStorage.removeItem(KEY);
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) localStorage.removeItem(KEY);
    return false;
  }
}
