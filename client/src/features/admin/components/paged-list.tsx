import type { ReactNode } from "react";
import { Pager } from "./pager";

/**
 * A server-paged list in an admin tab: loading, failed and empty states, the items, and the pager
 * under them once a page has answered.
 */
export function PagedList({
  label,
  noun,
  loading,
  failed,
  empty,
  isPending,
  isError,
  isFetching,
  total,
  page,
  limit,
  onPage,
  children,
}: {
  /** The list's accessible name ("Enquiries"). */
  label: string;
  /** What the pager counts ("requests"). */
  noun: string;
  loading: string;
  failed: string;
  empty: string;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  /** The matching rows on the server; undefined until a page has answered. */
  total: number | undefined;
  page: number;
  limit: number;
  onPage: (page: number) => void;
  /** The page's items, one list item each. */
  children: ReactNode[];
}) {
  return (
    <>
      {isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          {loading}
        </p>
      ) : isError ? (
        <p role="alert" className="text-sm text-destructive">
          {failed}
        </p>
      ) : children.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul aria-label={label} className="grid gap-3">
          {children}
        </ul>
      )}
      {total !== undefined ? (
        <Pager page={page} limit={limit} total={total} noun={noun} onPage={onPage} busy={isFetching} />
      ) : null}
    </>
  );
}
