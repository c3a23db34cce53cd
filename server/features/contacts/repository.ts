import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { contacts } from "../../db/schema";

export type NewContact = Omit<typeof contacts.$inferInsert, "id" | "workspaceId" | "createdAt" | "updatedAt">;

/** PostgreSQL takes at most 65,535 parameters a statement: contacts go in batches. */
const BATCH = 500;

/** The contacts table (spec 2 §3): this area's alone. */
export function contactRepository(db: Db) {
  return {
    /** A contact's name for a number in E.164, or null: the engine never files a contact as spam. */
    async nameForNumber(workspaceId: string, e164: string): Promise<string | null> {
      const [contact] = await db
        .select({ name: contacts.name })
        .from(contacts)
        .where(and(eq(contacts.workspaceId, workspaceId), eq(contacts.phoneE164, e164)))
        .limit(1);
      return contact?.name ?? null;
    },

    async insertContacts(workspaceId: string, rows: NewContact[]): Promise<number> {
      if (rows.length === 0) return 0;
      return db.transaction(async (tx) => {
        let count = 0;
        for (let i = 0; i < rows.length; i += BATCH) {
          const inserted = await tx
            .insert(contacts)
            .values(rows.slice(i, i + BATCH).map((row) => ({ ...row, workspaceId })))
            .returning({ id: contacts.id });
          count += inserted.length;
        }
        return count;
      });
    },
  };
}
