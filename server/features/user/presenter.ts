import type { User } from "../../../common/user";
import type { UserRow } from "../../db/schema";
import type { Account } from "../../domain/account";

/** The person, with the workspace the session works in (its plan, zone and business details). */
export function presentUser(row: UserRow, account: Account): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    emailVerified: row.emailVerifiedAt !== null,
    pendingEmail: row.pendingEmail,
    fullName: row.fullName,
    cellphoneNumber: row.cellphoneNumber,
    planType: account.planType,
    role: row.role === "admin" ? "admin" : "user",
    timezone: account.timezone,
    companyName: account.companyName,
    industry: account.industry,
    businessDescription: account.businessDescription,
    acceptedTermsAt: row.acceptedTermsAt?.toISOString() ?? null,
    termsVersion: row.termsVersion,
    createdAt: row.createdAt.toISOString(),
    workspace: { id: account.id, name: account.name, role: account.role },
  };
}
