import type { z } from "zod";
import {
  MAX_SEGMENTS,
  SEGMENT_MESSAGES,
  type SegmentCreate,
  SegmentFilter,
  type SegmentKind,
  type SegmentUpdate,
} from "../../../common/segments";
import type { Db } from "../../db/client";
import type { Account } from "../../domain/account";
import { Conflict, Invalid, notFound } from "../../domain/errors";
import type { SegmentScope } from "./repository";
import {
  isUniqueViolation,
  type SegmentCounts,
  type SegmentRow,
  segmentRepository,
} from "./segment-repository";

export type { SegmentCounts, SegmentRow };
export type SegmentWithCounts = SegmentRow & SegmentCounts;

/**
 * A stored filter read back. It was checked when saved; one the present rules no longer read
 * (saved by an older version) is refused with what to do rather than matching something else.
 */
function storedFilter(row: SegmentRow): z.output<typeof SegmentFilter> {
  const parsed = SegmentFilter.safeParse(row.filter ?? {});
  if (parsed.success) return parsed.data;
  throw new Invalid(
    `The segment "${row.name}" has a filter this version cannot read: open it, set its filter again and save it`,
  );
}

/** The segment as a condition on contacts (repository.ts contactWhere). */
export function scopeOf(row: SegmentRow): SegmentScope {
  return row.kind === "list"
    ? { kind: "list", segmentId: row.id, workspaceId: row.workspaceId }
    : { kind: "filter", filter: storedFilter(row) };
}

/**
 * Saved segments (common/segments): named filters and lists, per workspace, each counted live
 * on the server when listed or read. Other areas reach a segment's contacts through `scope`
 * (the dialer's lead source, the email audience): a segment of another workspace is a 404.
 */
export function segmentService(deps: { db: Db }) {
  const repo = segmentRepository(deps.db);

  async function found(workspaceId: string, id: string): Promise<SegmentRow> {
    const row = await repo.get(workspaceId, id);
    if (!row) throw notFound(SEGMENT_MESSAGES.notFound);
    return row;
  }

  const withCounts = async (row: SegmentRow): Promise<SegmentWithCounts> => ({
    ...row,
    ...(await repo.counts(row.workspaceId, { segment: scopeOf(row) })),
  });

  function named<T>(work: () => Promise<T>): Promise<T> {
    return work().catch((error: unknown) => {
      if (isUniqueViolation(error)) throw new Conflict(SEGMENT_MESSAGES.nameTaken);
      throw error;
    });
  }

  return {
    /** Every segment of the workspace with its live counts, by name. */
    async list(account: Account): Promise<SegmentWithCounts[]> {
      const rows = await repo.list(account.id);
      // One count after another: on the embedded database each holds the event loop anyway.
      const counted: SegmentWithCounts[] = [];
      for (const row of rows) counted.push(await withCounts(row));
      return counted;
    },

    async get(account: Account, id: string): Promise<SegmentWithCounts> {
      return withCounts(await found(account.id, id));
    },

    /** The row alone (no count), 404 when it is not the workspace's. */
    row: (workspaceId: string, id: string) => found(workspaceId, id),

    async create(account: Account, input: z.output<typeof SegmentCreate>): Promise<SegmentWithCounts> {
      if ((await repo.countOf(account.id)) >= MAX_SEGMENTS) throw new Conflict(SEGMENT_MESSAGES.tooMany);
      const row = await named(() =>
        repo.insert(account.id, {
          name: input.name,
          kind: input.kind,
          filter: input.kind === "filter" ? (input.filter ?? {}) : null,
          createdBy: account.actor?.id ?? null,
        }),
      );
      return withCounts(row);
    },

    /** A list made by a bulk action ("Add to a new email audience"), in its transaction. */
    async createListIn(tx: Db, account: Account, name: string): Promise<SegmentRow> {
      const repoIn = segmentRepository(tx);
      if ((await repoIn.countOf(account.id)) >= MAX_SEGMENTS) throw new Conflict(SEGMENT_MESSAGES.tooMany);
      try {
        return await repoIn.insert(account.id, {
          name,
          kind: "list" satisfies SegmentKind,
          filter: null,
          createdBy: account.actor?.id ?? null,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new Conflict(SEGMENT_MESSAGES.nameTaken);
        throw error;
      }
    },

    async update(
      account: Account,
      id: string,
      change: z.output<typeof SegmentUpdate>,
    ): Promise<SegmentWithCounts> {
      const row = await found(account.id, id);
      if (change.filter && row.kind === "list")
        throw new Invalid(SEGMENT_MESSAGES.listHasNoFilter, [
          { path: "filter", message: SEGMENT_MESSAGES.listHasNoFilter },
        ]);
      const updated = await named(() =>
        repo.update(account.id, id, {
          ...(change.name !== undefined ? { name: change.name } : {}),
          ...(change.filter !== undefined ? { filter: change.filter } : {}),
        }),
      );
      if (!updated) throw notFound(SEGMENT_MESSAGES.notFound);
      return withCounts(updated);
    },

    /** Deletes the segment (a list's memberships with it); its contacts stay. */
    async remove(account: Account, id: string): Promise<void> {
      if (!(await repo.delete(account.id, id))) throw notFound(SEGMENT_MESSAGES.notFound);
    },

    /** A filter's live counts before it is saved. */
    countFilter: (account: Account, filter: z.output<typeof SegmentFilter>) =>
      repo.counts(account.id, { segment: { kind: "filter", filter } }),

    /** The segment as a condition on contacts; 404 when it is not the workspace's. */
    async scope(workspaceId: string, id: string): Promise<SegmentScope> {
      return scopeOf(await found(workspaceId, id));
    },
  };
}

export type SegmentService = ReturnType<typeof segmentService>;
