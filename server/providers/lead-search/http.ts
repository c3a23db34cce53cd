import { LeadSearchError } from "./types";

/**
 * Requests to one outside service, one at a time (the public OpenStreetMap servers' usage
 * policies ask for no parallel requests; Nominatim for at most one a second), each with a
 * deadline and the app's User-Agent.
 */
export type ServiceClient = {
  getJson(
    url: string,
    init?: { method?: "GET" | "POST"; body?: string; signal?: AbortSignal },
  ): Promise<unknown>;
};

export type ServiceClientOptions = {
  /** "Nominatim", "Overpass", "SerpAPI": named in every error. */
  service: string;
  /** What to set when it fails, appended to the error ("set OVERPASS_URL to ..."). */
  advice: { unreachable: string; failed: string; timeout: string };
  providerLabel: string;
  userAgent: string;
  timeoutMs: number;
  /** The least time between the starts of two requests (Nominatim: 1 s). */
  spacingMs?: number;
  /** An error body's message, when the service puts one there (SerpAPI's `error`). */
  errorOf?: (body: unknown) => string | undefined;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function causeOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? error.message;
}

export function serviceClient(options: ServiceClientOptions): ServiceClient {
  let queue: Promise<unknown> = Promise.resolve();
  let lastStart = 0;
  const origin = (url: string) => {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  };
  const prefix = `${options.providerLabel} search failed`;

  async function request(
    url: string,
    init: { method?: "GET" | "POST"; body?: string; signal?: AbortSignal },
  ) {
    const wait = lastStart + (options.spacingMs ?? 0) - Date.now();
    if (wait > 0) await sleep(wait);
    lastStart = Date.now();
    const deadline = AbortSignal.timeout(options.timeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
    let response: Response;
    try {
      response = await fetch(url, {
        method: init.method ?? "GET",
        headers: {
          "user-agent": options.userAgent,
          accept: "application/json",
          ...(init.body ? { "content-type": "application/x-www-form-urlencoded" } : {}),
        },
        ...(init.body ? { body: init.body } : {}),
        signal,
      });
    } catch (error) {
      if (deadline.aborted)
        throw new LeadSearchError(
          "timeout",
          `${prefix}: ${options.service} at ${origin(url)} did not answer within ${Math.round(options.timeoutMs / 1000)} s. ${options.advice.timeout}`,
        );
      throw new LeadSearchError(
        "unreachable",
        `${prefix}: could not reach ${options.service} at ${origin(url)} (${causeOf(error)}). ${options.advice.unreachable}`,
      );
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      const kind = deadline.aborted ? "timeout" : "unreachable";
      throw new LeadSearchError(
        kind,
        `${prefix}: ${options.service} at ${origin(url)} stopped answering (${causeOf(error)}). ${options.advice[kind]}`,
      );
    }
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    const said = body !== undefined ? options.errorOf?.(body) : undefined;
    if (!response.ok) {
      const detail =
        said ??
        (text
          .replace(/<[^>]*>/g, " ")
          .replace(/\s+/g, " ")
          .trim()
          .slice(0, 160) ||
          response.statusText);
      throw new LeadSearchError(
        "failed",
        `${prefix}: ${options.service} at ${origin(url)} answered ${response.status}${detail ? ` (${detail})` : ""}. ${options.advice.failed}`,
      );
    }
    if (body === undefined)
      throw new LeadSearchError(
        "failed",
        `${prefix}: ${options.service} at ${origin(url)} answered something that is not JSON. ${options.advice.failed}`,
      );
    return body;
  }

  return {
    getJson(url, init = {}) {
      // One at a time: each request starts when the one before it has finished.
      const next = queue.then(
        () => request(url, init),
        () => request(url, init),
      );
      queue = next.catch(() => undefined);
      return next;
    },
  };
}
