import autocannon from "autocannon";

export type LoadResult = {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  /** Connection errors, timeouts included. */
  errors: number;
  timeouts: number;
  non2xx: number;
};

/**
 * Drives a server with autocannon and returns throughput and latency percentiles (ms). With
 * `paths`, each connection walks the paths in turn; with `cookies`, each connection keeps one
 * cookie (one signed-in browser per connection, spread over the given sessions).
 */
export async function load(options: {
  url: string;
  headers?: Record<string, string>;
  connections?: number;
  durationSeconds?: number;
  paths?: string[];
  cookies?: string[];
  /** A request slower than this counts as a timeout; autocannon's default is 10 s. */
  timeoutSeconds?: number;
}): Promise<LoadResult> {
  const cookies = options.cookies ?? [];
  let nextCookie = 0;
  const requests = options.paths?.map((path) => ({
    path,
    setupRequest(request: autocannon.Request, context: { cookie?: string }) {
      if (!cookies.length) return request;
      context.cookie ??= cookies[nextCookie++ % cookies.length];
      return { ...request, headers: { ...request.headers, cookie: context.cookie } };
    },
  }));
  const result = await autocannon({
    url: options.url,
    headers: options.headers,
    connections: options.connections ?? 10,
    duration: options.durationSeconds ?? 10,
    ...(options.timeoutSeconds ? { timeout: options.timeoutSeconds } : {}),
    ...(requests ? { requests: requests as autocannon.Request[] } : {}),
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}

export function printTable(title: string, rows: Record<string, string | number>[]): void {
  console.log(`\n${title}`);
  console.table(rows);
}
