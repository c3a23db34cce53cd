import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { dataDeletionNotices } from "../../db/schema";

export type DeletionNotice = { deletesAt: Date; sentAt: Date };

/** The retention area's own table: the data-deletion warnings sent to workspaces' owners. */
export function retentionRepository(db: Db) {
  return {
    async notices(workspaceIds: readonly string[]): Promise<Map<string, DeletionNotice>> {
      if (workspaceIds.length === 0) return new Map();
      const rows = await db
        .select()
        .from(dataDeletionNotices)
        .where(inArray(dataDeletionNotices.workspaceId, [...workspaceIds]));
      return new Map(rows.map((row) => [row.workspaceId, { deletesAt: row.deletesAt, sentAt: row.sentAt }]));
    },

    /** The warning just sent: it replaces an earlier one's day. */
    async recordNotice(workspaceId: string, notice: DeletionNotice): Promise<void> {
      await db
        .insert(dataDeletionNotices)
        .values({ workspaceId, ...notice })
        .onConflictDoUpdate({ target: dataDeletionNotices.workspaceId, set: notice });
    },
  };
}

export type RetentionRepository = ReturnType<typeof retentionRepository>;
