import { OutboxListOut, OutboxMessageOut } from "@common/email";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { getParsed } from "../../../lib/api";
import { OUTBOX_URL } from "./sending";

export const OUTBOX_PAGE_SIZE = 20;

/** GET /api/email-marketing/outbox?limit&offset: the workspace's .eml outbox, newest first. */
export const outboxQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [`${OUTBOX_URL}?limit=${OUTBOX_PAGE_SIZE}&offset=${page * OUTBOX_PAGE_SIZE}`],
    queryFn: ({ queryKey }) => getParsed(OutboxListOut, String(queryKey[0])),
  });
export const useOutbox = (page: number) =>
  useQuery({ ...outboxQueryOptions(page), placeholderData: keepPreviousData });

/** GET /api/email-marketing/outbox/:id: one message as a mail program shows it. */
export const outboxMessageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [`${OUTBOX_URL}/${id}`],
    queryFn: () => getParsed(OutboxMessageOut, `${OUTBOX_URL}/${id}`),
  });
export const useOutboxMessage = (id: string | null) =>
  useQuery({ ...outboxMessageQueryOptions(id ?? ""), enabled: Boolean(id) });

/** Where the raw .eml file is downloaded. */
export const outboxRawUrl = (id: string) => `${OUTBOX_URL}/${id}/raw`;
