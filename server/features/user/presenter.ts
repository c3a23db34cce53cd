import type { User } from "../../../common/user";
import type { UserRow } from "../auth/repository";

export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    fullName: row.fullName,
    cellphoneNumber: row.cellphoneNumber,
    planType: row.planType,
    role: row.role === "admin" ? "admin" : "user",
    timezone: row.timezone,
    companyName: row.companyName,
    industry: row.industry,
    businessDescription: row.businessDescription,
    acceptedTermsAt: row.acceptedTermsAt?.toISOString() ?? null,
    termsVersion: row.termsVersion,
    createdAt: row.createdAt.toISOString(),
  };
}
