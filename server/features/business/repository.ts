import type { Db } from "../../db/client";
import { contacts } from "../../db/schema";

type NewContact = Omit<typeof contacts.$inferInsert, "id" | "workspaceId" | "createdAt" | "updatedAt">;

/** PostgreSQL takes at most 65,535 parameters a statement: contacts go in batches. */
const BATCH = 500;

export function businessRepository(db: Db) {
  return {
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
