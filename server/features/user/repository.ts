import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import type { UserRow } from "../auth/repository";

type ProfileFields = Partial<Pick<UserRow, "fullName" | "email" | "cellphoneNumber">>;

export function userRepository(db: Db) {
  return {
    async updateProfile(userId: string, fields: ProfileFields): Promise<UserRow | undefined> {
      const [row] = await db.update(users).set(fields).where(eq(users.id, userId)).returning();
      return row;
    },

    async emailBelongsToSomeoneElse(userId: string, email: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, sql`${users.id} <> ${userId}`))
        .limit(1);
      return Boolean(row);
    },

    async acceptTerms(userId: string, termsVersion: string): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ acceptedTermsAt: sql`now()`, termsVersion })
        .where(eq(users.id, userId))
        .returning();
      return row;
    },
  };
}

export type UserRepository = ReturnType<typeof userRepository>;
