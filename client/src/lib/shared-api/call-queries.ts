/**
 * Every cached answer that a change to a call can affect: the call lists and single calls, the
 * active call, today's figures and the appointments a call may have booked. Several areas change
 * calls (live calls, history, demos) and several show them, so the rule lives here once.
 */
export function isCallQuery(key: readonly unknown[]): boolean {
  const url = String(key[0] ?? "");
  return (
    url.startsWith("/api/calls") ||
    url === "/api/active-call" ||
    url === "/api/stats" ||
    url === "/api/appointments"
  );
}
