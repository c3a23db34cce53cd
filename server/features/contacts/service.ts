import type { Db } from "../../db/client";
import { contactRepository, type NewContact } from "./repository";

export type { NewContact };

/** Contacts, per workspace. The screens come with the contacts issue; today the engine and imports use it. */
export function contactService(db: Db) {
  const repo = contactRepository(db);
  return {
    nameForNumber: (workspaceId: string, e164: string) => repo.nameForNumber(workspaceId, e164),
    /** Inserts the rows in batches in one transaction; answers how many went in. */
    insertMany: (workspaceId: string, rows: NewContact[]) => repo.insertContacts(workspaceId, rows),
  };
}

export type ContactService = ReturnType<typeof contactService>;
