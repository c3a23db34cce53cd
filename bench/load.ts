import autocannon from "autocannon";

export type LoadResult = {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
};

/** Drives one URL with autocannon and returns throughput and latency percentiles (ms). */
export async function load(options: {
  url: string;
  headers?: Record<string, string>;
  connections?: number;
  durationSeconds?: number;
}): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    headers: options.headers,
    connections: options.connections ?? 10,
    duration: options.durationSeconds ?? 10,
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

export function printTable(title: string, rows: Record<string, string | number>[]): void {
  console.log(`\n${title}`);
  console.table(rows);
}
