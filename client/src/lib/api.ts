import { QueryCache, QueryClient, type QueryFunction } from "@tanstack/react-query";
import type { z } from "zod";
import { noteAnswerHeaders, noteFailedAnswer } from "./maintenance";

/**
 * A failed API answer. Its message follows the spec: the status code, ": ", then the body text
 * (or the status text when the body is empty). `body` is the parsed JSON when there was one.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    readonly body: unknown,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = "ApiError";
  }
}

/** Throws ApiError (message) for a non-OK answer; for callers that read the body themselves. */
export async function throwIfNotOk(response: Response): Promise<void> {
  noteAnswerHeaders(response.headers);
  if (response.ok) return;
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  // 503 with the maintenance message, from any request: the app shows its maintenance page.
  noteFailedAnswer(response.status, body);
  throw new ApiError(response.status, text, body, response.statusText);
}

/** Sends cookies always, JSON when there is a body, and throws ApiError on a non-OK answer. */
export async function apiRequest<T = unknown>(method: string, url: string, data?: unknown): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: "include",
    headers: data === undefined ? {} : { "Content-Type": "application/json" },
    body: data === undefined ? undefined : JSON.stringify(data),
  });
  await throwIfNotOk(response);
  if (response.status === 204) return undefined as T;
  const type = response.headers.get("content-type") ?? "";
  return (type.includes("application/json") ? response.json() : response.text()) as Promise<T>;
}

/**
 * `apiRequest` whose answer is checked against the shared contract in `common/` (the schema the
 * server answers with): a reply of another shape fails here, loudly, instead of deep in a screen.
 */
export async function requestParsed<S extends z.ZodType>(
  schema: S,
  method: string,
  url: string,
  data?: unknown,
): Promise<z.output<S>> {
  return schema.parse(await apiRequest(method, url, data));
}

/** GET `url`, parsed with `schema` (see `requestParsed`). */
export function getParsed<S extends z.ZodType>(schema: S, url: string): Promise<z.output<S>> {
  return requestParsed(schema, "GET", url);
}

/** The default loader: GET the first element of the query key; a 401 either throws or yields null. */
export function getQueryFn<T>(options: { on401: "returnNull" | "throw" }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const response = await fetch(String(queryKey[0]), { credentials: "include" });
    if (options.on401 === "returnNull" && response.status === 401) return null;
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}

export const USER_QUERY_KEY = ["/api/user"] as const;

/** Defaults: fresh 30 s, one retry after 1 s, no refetch on focus, no polling, mutations never retry. */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError(error) {
        // A session that ended (expired, signed out elsewhere) puts the app in the signed-out state.
        if (error instanceof ApiError && error.status === 401) client.setQueryData(USER_QUERY_KEY, null);
      },
    }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: "throw" }),
        staleTime: 30_000,
        retry: (failureCount, error) =>
          failureCount < 1 && !(error instanceof ApiError && error.status < 500),
        retryDelay: 1000,
        refetchOnWindowFocus: false,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
