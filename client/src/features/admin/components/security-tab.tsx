import { type AdminStats, AUDIT_ACTIONS, type AuditEntry } from "@common/admin";
import { ShieldAlert } from "lucide-react";
import { useState } from "react";
import { Badge } from "../../../components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { NativeSelect } from "../../../components/ui/native-select";
import { useActiveSessions, useAuditLog } from "../api/get-admin-data";
import { auditDetails, auditLabel, formatWhen } from "../format";
import { FETCH_FAILED } from "../messages";
import { useFailureToast } from "../use-failure-toast";
import { Pager } from "./pager";
import { StatCard } from "./stat-card";

const PAGE_SIZE = 25;
const RECENT_FAILURES = 10;
const REASONS: Record<string, string> = {
  wrong_password: "Wrong password",
  unknown_login: "Unknown login",
  suspended: "Suspended account",
};

/**
 * Security: the spec's panel shows fixed figures; this one shows recent failed
 * sign-ins, who has been signed in lately, and the audit log of every admin action and security
 * event (who, when, from which address, what changed), filtered by action.
 */
export function SecurityTab({ stats, timeZone }: { stats: AdminStats | undefined; timeZone: string }) {
  const failures = useAuditLog({ action: "sign_in.failed", page: 1, limit: RECENT_FAILURES });
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <ShieldAlert className="size-5" aria-hidden /> Recent Failed Sign-ins
            </CardTitle>
            <CardDescription>
              The latest {RECENT_FAILURES} sign-ins refused, with the login tried.
            </CardDescription>
          </CardHeader>
          <CardContent>
            {failures.isError ? (
              <p role="alert" className="text-sm text-destructive">
                {FETCH_FAILED.audit}
              </p>
            ) : !failures.data ? (
              <p role="status" className="text-sm text-muted-foreground">
                Loading failed sign-ins...
              </p>
            ) : failures.data.entries.length === 0 ? (
              <p className="text-sm text-muted-foreground">No failed sign-ins.</p>
            ) : (
              <ul className="grid gap-2" aria-label="Recent failed sign-ins">
                {failures.data.entries.map((entry) => (
                  <li
                    key={entry.id}
                    className="flex flex-wrap items-center justify-between gap-2 border-b pb-2 text-sm last:border-0"
                  >
                    <span>
                      <span className="font-medium">{String(entry.details.login ?? "unknown")}</span>{" "}
                      <span className="text-muted-foreground">from {entry.ip ?? "an unknown address"}</span>
                    </span>
                    <span className="flex items-center gap-2 text-muted-foreground">
                      <Badge variant="secondary">{REASONS[String(entry.details.reason)] ?? "Refused"}</Badge>
                      {formatWhen(entry.at, timeZone)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
            {failures.data && failures.data.total > RECENT_FAILURES ? (
              <p className="pt-2 text-xs text-muted-foreground">
                {failures.data.total.toLocaleString("en-US")} in all: filter the audit log by Failed sign-in
                to page through them.
              </p>
            ) : null}
          </CardContent>
        </Card>
        <StatCard
          label="Users Signed In (30 days)"
          value={stats ? stats.activeUsers.toLocaleString("en-US") : "..."}
          hint={
            stats
              ? `of ${stats.totalUsers.toLocaleString("en-US")} used a session in the last 30 days; suspending someone ends their sessions at once`
              : "Loading..."
          }
        />
      </div>
      <ActiveSessions timeZone={timeZone} />
      <AuditLog timeZone={timeZone} />
    </div>
  );
}

const SESSIONS_PAGE_SIZE = 10;

/** The browsers signed in now, from the sessions themselves: whose, from where, last used when. */
function ActiveSessions({ timeZone }: { timeZone: string }) {
  const [page, setPage] = useState(1);
  const sessions = useActiveSessions({ page, limit: SESSIONS_PAGE_SIZE });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Active Sessions</CardTitle>
        <CardDescription>
          Browsers signed in now, most recently used first. Suspending or deleting someone ends theirs.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {sessions.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {FETCH_FAILED.sessions}
          </p>
        ) : !sessions.data ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading the active sessions...
          </p>
        ) : sessions.data.sessions.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nobody is signed in.</p>
        ) : (
          <>
            <ul className="grid gap-2" aria-label="Active sessions">
              {sessions.data.sessions.map((session) => (
                <li
                  key={session.id}
                  className="flex flex-wrap items-center justify-between gap-2 border-b pb-2 text-sm last:border-0"
                >
                  <span className="min-w-0 wrap-anywhere">
                    <span className="font-medium">{session.username}</span>{" "}
                    <span className="text-muted-foreground">
                      {session.email} · from {session.ip ?? "an unknown address"}
                      {session.userAgent ? ` · ${browserOf(session.userAgent)}` : ""}
                    </span>
                  </span>
                  <span className="text-muted-foreground">
                    last used {formatWhen(session.lastSeenAt, timeZone)}
                  </span>
                </li>
              ))}
            </ul>
            <Pager
              page={page}
              limit={SESSIONS_PAGE_SIZE}
              total={sessions.data.total}
              noun="sessions"
              onPage={setPage}
              busy={sessions.isFetching}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** The first pattern a user-agent matches names it (Edge says Chrome too, and Chrome says Safari). */
const BROWSERS: [RegExp, string][] = [
  [/Edg\//, "Edge"],
  [/Firefox\//, "Firefox"],
  [/Chrome\/|Chromium\//, "Chrome"],
  [/Safari\//, "Safari"],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, "Android"],
  [/iPhone|iPad/, "iOS"],
  [/Windows/, "Windows"],
  [/Mac OS X/, "macOS"],
  [/Linux/, "Linux"],
];

/** "Chrome on Linux" from a user-agent string: enough to tell two browsers apart. */
function browserOf(userAgent: string): string {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? "another client";
}

function AuditLog({ timeZone }: { timeZone: string }) {
  const [action, setAction] = useState("");
  const [page, setPage] = useState(1);
  const log = useAuditLog({ action: action || undefined, page, limit: PAGE_SIZE });
  useFailureToast(log.isError, FETCH_FAILED.audit, log.errorUpdatedAt);
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>Audit Log</CardTitle>
          <CardDescription>Every admin action and security event, newest first.</CardDescription>
        </div>
        <NativeSelect
          aria-label="Audit action"
          className="w-56"
          value={action}
          onChange={(event) => {
            setAction(event.target.value);
            setPage(1);
          }}
        >
          <option value="">All actions</option>
          {AUDIT_ACTIONS.map((value) => (
            <option key={value} value={value}>
              {auditLabel(value)}
            </option>
          ))}
        </NativeSelect>
      </CardHeader>
      <CardContent>
        {log.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {FETCH_FAILED.audit}
          </p>
        ) : !log.data ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading the audit log...
          </p>
        ) : log.data.entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            {action ? "No entries of this kind." : "Nothing recorded yet."}
          </p>
        ) : (
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable).
          <section className="overflow-x-auto" aria-label="Audit log, scrollable" tabIndex={0}>
            <table className="w-full text-sm" aria-label="Audit log">
              <thead>
                <tr className="border-b text-left text-muted-foreground">
                  <th className="py-2 pr-3 font-medium">When</th>
                  <th className="py-2 pr-3 font-medium">Action</th>
                  <th className="py-2 pr-3 font-medium">Who</th>
                  <th className="py-2 pr-3 font-medium">Address</th>
                  <th className="py-2 font-medium">What changed</th>
                </tr>
              </thead>
              <tbody>
                {log.data.entries.map((entry: AuditEntry) => (
                  <tr key={entry.id} className="border-b align-top last:border-0">
                    <td className="py-2 pr-3 whitespace-nowrap">{formatWhen(entry.at, timeZone)}</td>
                    <td className="py-2 pr-3 whitespace-nowrap">{auditLabel(entry.action)}</td>
                    <td className="py-2 pr-3">
                      {entry.actorName ?? (entry.actorId ? entry.actorId.slice(0, 8) : "-")}
                    </td>
                    <td className="py-2 pr-3 font-mono text-xs">{entry.ip ?? "-"}</td>
                    <td className="max-w-md py-2 break-words text-muted-foreground">
                      {auditDetails(entry) || "-"}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
        {log.data ? (
          <Pager
            page={page}
            limit={PAGE_SIZE}
            total={log.data.total}
            noun="entries"
            busy={log.isFetching}
            onPage={setPage}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
