import type { OutboxMessage } from "@common/email";
import { ArrowLeft, Download, Inbox } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { useUser } from "../../lib/auth/use-user";
import { formatDateTime } from "../../lib/format";
import { OUTBOX_PAGE_SIZE, outboxRawUrl, useOutbox, useOutboxMessage } from "./api/outbox";
import { HtmlPreview } from "./components/html-preview";

const formatSize = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`);

/**
 * The Outbox: with no SMTP server configured every message is written as a
 * standard .eml file in DATA_DIR; here the workspace lists them, newest first, and opens one as a
 * mail program would show it: subject, from, to, date, the HTML in a sandboxed iframe, the text
 * part and the List-Unsubscribe header. The open message is in the address (?message=id).
 */
export function OutboxPage() {
  const { user } = useUser();
  const timeZone = user?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const [params, setParams] = useSearchParams();
  const page = Math.max(0, Number.parseInt(params.get("page") ?? "0", 10) || 0);
  const openId = params.get("message");
  const list = useOutbox(page);
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / OUTBOX_PAGE_SIZE)) : 1;
  const go = (next: { page?: number; message?: string | null }) => {
    const search = new URLSearchParams(params);
    if (next.page !== undefined) search.set("page", String(next.page));
    if (next.message === null) search.delete("message");
    else if (next.message !== undefined) search.set("message", next.message);
    setParams(search);
  };

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-2xl font-bold">Outbox</h1>
          <p className="text-muted-foreground">
            Every email the server wrote instead of sending, as the recipient would see it
          </p>
        </div>
        <Button asChild variant="outline">
          <Link to="/email-marketing">
            <ArrowLeft className="size-4" aria-hidden /> Email Marketing
          </Link>
        </Button>
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle>Messages{list.data ? ` (${list.data.total.toLocaleString()})` : ""}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3">
            {list.isError ? (
              <p className="text-sm text-destructive">Unable to load the outbox.</p>
            ) : list.data?.messages.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                No messages yet. Send a test email from Email Marketing and it appears here.
              </p>
            ) : (
              <ul className="grid gap-1" aria-label="Outbox messages">
                {list.data?.messages.map((message) => (
                  <li key={message.id}>
                    <button
                      type="button"
                      aria-current={message.id === openId ? "true" : undefined}
                      onClick={() => go({ message: message.id })}
                      className="grid w-full gap-0.5 rounded-md border p-2 text-left text-sm hover:bg-muted aria-[current=true]:border-primary aria-[current=true]:bg-muted"
                    >
                      <span className="wrap-anywhere font-medium">{message.subject || "(no subject)"}</span>
                      <span className="break-all text-muted-foreground">To {message.to}</span>
                      <span className="text-xs text-muted-foreground">
                        {formatDateTime(message.sentAt, timeZone)} · {formatSize(message.size)}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {pages > 1 ? (
              <nav aria-label="Outbox pages" className="flex items-center justify-between gap-2 text-sm">
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  disabled={page === 0}
                  onClick={() => go({ page: page - 1 })}
                >
                  Newer
                </Button>
                <span>
                  Page {page + 1} of {pages}
                </span>
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  disabled={page + 1 >= pages}
                  onClick={() => go({ page: page + 1 })}
                >
                  Older
                </Button>
              </nav>
            ) : null}
          </CardContent>
        </Card>

        {openId ? (
          <MessageView id={openId} timeZone={timeZone} />
        ) : (
          <Card className="min-w-0">
            <CardContent className="flex flex-col items-center gap-2 p-10 text-center text-sm text-muted-foreground">
              <Inbox className="size-8" aria-hidden />
              Choose a message to read it.
            </CardContent>
          </Card>
        )}
      </div>
    </div>
  );
}

function MessageView({ id, timeZone }: { id: string; timeZone: string }) {
  const message = useOutboxMessage(id);
  if (message.isError)
    return (
      <Card className="min-w-0">
        <CardContent className="p-6 text-sm text-destructive">That outbox message was not found.</CardContent>
      </Card>
    );
  if (!message.data)
    return (
      <Card className="min-w-0">
        <CardContent className="p-6 text-sm text-muted-foreground">Opening the message...</CardContent>
      </Card>
    );
  return <MessageBody message={message.data} timeZone={timeZone} />;
}

function header(message: OutboxMessage, name: string): string | null {
  const value = message.headers.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value;
  return value === undefined ? null : value.replace(/\r?\n[ \t]+/g, " ");
}

function MessageBody({ message, timeZone }: { message: OutboxMessage; timeZone: string }) {
  const unsubscribe = header(message, "List-Unsubscribe");
  const unsubscribePost = header(message, "List-Unsubscribe-Post");
  return (
    <article aria-label="Open message" className="grid min-w-0 gap-4 rounded-lg border bg-card p-4">
      <header className="grid gap-2">
        <h2 className="break-words text-xl font-semibold">{message.subject || "(no subject)"}</h2>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          <dt className="text-muted-foreground">From</dt>
          <dd className="break-all">{message.from}</dd>
          <dt className="text-muted-foreground">To</dt>
          <dd className="break-all">{message.to}</dd>
          <dt className="text-muted-foreground">Date</dt>
          <dd>{formatDateTime(message.sentAt, timeZone, "EEE, MMM d, yyyy h:mm a")}</dd>
          <dt className="text-muted-foreground">Message-ID</dt>
          <dd className="break-all font-mono text-xs">{message.messageId}</dd>
          <dt className="text-muted-foreground">List-Unsubscribe</dt>
          <dd className="break-all font-mono text-xs" data-testid="list-unsubscribe">
            {unsubscribe ?? "none"}
            {unsubscribePost ? ` (${unsubscribePost})` : ""}
          </dd>
        </dl>
      </header>
      {message.html !== null ? (
        <section aria-label="HTML part" className="grid gap-1">
          <h3 className="text-sm font-medium">HTML</h3>
          <HtmlPreview
            html={message.html}
            title="Message (HTML)"
            className="h-96 w-full rounded-md border bg-white"
          />
        </section>
      ) : null}
      <section aria-label="Text part" className="grid gap-1">
        <h3 className="text-sm font-medium">Text</h3>
        <pre
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable).
          tabIndex={0}
          className="max-h-72 overflow-auto whitespace-pre-wrap break-words rounded-md border bg-muted/40 p-3 font-sans text-sm"
          data-testid="message-text"
        >
          {message.text}
        </pre>
      </section>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium">All headers</summary>
        <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 font-mono text-xs">
          {message.headers.map((h, index) => (
            // Headers repeat (Received, ...): their place in the message tells them apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders.
            <div key={index} className="contents">
              <dt className="text-muted-foreground">{h.name}</dt>
              <dd className="break-all">{h.value}</dd>
            </div>
          ))}
        </dl>
      </details>
      <div>
        <Button asChild variant="outline" size="sm">
          <a href={outboxRawUrl(message.id)} download={`${message.id}.eml`}>
            <Download className="size-4" aria-hidden /> Download .eml
          </a>
        </Button>
      </div>
    </article>
  );
}
