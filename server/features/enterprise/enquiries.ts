import { ENQUIRIES_PER_DAY, type EnquiryStatus, TOO_MANY_ENQUIRIES } from "../../../common/enterprise";
import type { Account } from "../../domain/account";
import { TooMany } from "../../domain/errors";
import type { EnterpriseContext } from "./context";
import type { EnquiryRow } from "./repository";

export type EnquiryInput = {
  name: string;
  email: string;
  company: string;
  phoneNumber: string | null;
  planId: string;
  expectedConcurrentCalls: number | null;
  message: string | null;
};

const DAY_MS = 86_400_000;

/**
 * Stores a contact-sales enquiry for the platform administrator, for the workspace and the
 * person who sent it. A person sends at most ENQUIRIES_PER_DAY in 24 hours (429 after that).
 */
export async function sendEnquiry(
  ctx: EnterpriseContext,
  account: Account,
  input: EnquiryInput,
): Promise<EnquiryRow> {
  const userId = account.actor?.id ?? null;
  if (userId) {
    const since = new Date(ctx.now().getTime() - DAY_MS);
    const sent = await ctx.repo.countByUserSince(userId, since);
    if (sent >= ENQUIRIES_PER_DAY) throw new TooMany(TOO_MANY_ENQUIRIES);
  }
  return ctx.repo.insertEnquiry({ ...input, workspaceId: account.id, userId, createdAt: ctx.now() });
}

/** Every workspace's enquiries, newest first (platform administrators only: see routes.ts). */
export function listEnquiries(ctx: EnterpriseContext, page: number, limit: number, status?: EnquiryStatus) {
  return ctx.repo.listAll(page, limit, status);
}
