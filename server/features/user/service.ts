import type { ProfileUpdate } from "../../../common/user";
import { conflict, forbidden, notFound } from "../../http/errors";
import { verifyPassword } from "../auth/password";
import type { UserRow } from "../auth/repository";
import type { UserRepository } from "./repository";

type ParsedProfileUpdate =
  | { fullName: string }
  | { email: string; currentPassword?: string | undefined }
  | { cellphoneNumber: string };

export function userService(repo: UserRepository) {
  return {
    async updateProfile(user: UserRow, update: ParsedProfileUpdate): Promise<UserRow> {
      let fields: Partial<Pick<UserRow, "fullName" | "email" | "cellphoneNumber">>;
      if ("email" in update) {
        if (update.email !== user.email.toLowerCase()) {
          // The email is how an account is recovered: changing it needs the password again.
          if (!update.currentPassword || !(await verifyPassword(user.passwordHash, update.currentPassword))) {
            throw forbidden("Please enter your current password to change your email");
          }
          if (await repo.emailBelongsToSomeoneElse(user.id, update.email)) {
            throw conflict("Another account already uses that email");
          }
        }
        fields = { email: update.email };
      } else if ("fullName" in update) {
        fields = { fullName: update.fullName || null };
      } else {
        fields = { cellphoneNumber: update.cellphoneNumber || null };
      }
      const row = await repo.updateProfile(user.id, fields);
      if (!row) throw notFound("Your account");
      return row;
    },

    async acceptTerms(user: UserRow, termsVersion: string): Promise<UserRow> {
      const row = await repo.acceptTerms(user.id, termsVersion);
      if (!row) throw notFound("Your account");
      return row;
    },
  };
}

export type { ProfileUpdate };
