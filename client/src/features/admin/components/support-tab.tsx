import { SUPPORT_STATUSES, type SupportRequest, type SupportStatus } from "@common/support";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Textarea } from "../../../components/ui/input";
import { NativeSelect } from "../../../components/ui/native-select";
import { toast } from "../../../lib/toast";
import { useReplyToSupport } from "../api/admin-actions";
import { SUPPORT_URL, useSupportQueue } from "../api/get-admin-data";
import { formatWhen } from "../format";
import { FETCH_FAILED, failureText } from "../messages";
import { useFailureToast } from "../use-failure-toast";
import { PagedList } from "./paged-list";

const PAGE_SIZE = 25;
const STATUS_LABELS: Record<SupportStatus, string> = { open: "Waiting for a reply", answered: "Answered" };

/**
 * Support: what people wrote from Help, across every workspace. Open requests come priority
 * first (plans with priority support), then oldest first; a reply goes to the person by email.
 */
export function SupportTab({ timeZone }: { timeZone: string }) {
  const [status, setStatus] = useState<SupportStatus>("open");
  const [page, setPage] = useState(1);
  const filterId = useId();
  const queue = useSupportQueue({ page, limit: PAGE_SIZE, status });
  useFailureToast(queue.isError, FETCH_FAILED.support, queue.errorUpdatedAt);
  const rows = queue.data?.requests ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle>Support requests</CardTitle>
        <CardDescription>
          Priority support first, then the longest waiting. Replies are emailed.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="grid max-w-56 gap-1 text-sm">
          <label htmlFor={filterId} className="font-medium">
            Show
          </label>
          <NativeSelect
            id={filterId}
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as SupportStatus);
              setPage(1);
            }}
          >
            {SUPPORT_STATUSES.map((value) => (
              <option key={value} value={value}>
                {STATUS_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <PagedList
          label="Support requests"
          noun="requests"
          loading="Loading support requests..."
          failed={FETCH_FAILED.support}
          empty={status === "open" ? "Nobody is waiting for a reply." : "No answered requests yet."}
          isPending={queue.isPending}
          isError={queue.isError}
          isFetching={queue.isFetching}
          total={queue.data?.total}
          page={page}
          limit={PAGE_SIZE}
          onPage={setPage}
        >
          {rows.map((request) => (
            <SupportRow key={request.id} request={request} timeZone={timeZone} />
          ))}
        </PagedList>
      </CardContent>
    </Card>
  );
}

function SupportRow({ request, timeZone }: { request: SupportRequest; timeZone: string }) {
  const queryClient = useQueryClient();
  const reply = useReplyToSupport();
  const [text, setText] = useState("");
  const replyId = useId();
  const send = () =>
    reply.mutate(
      { id: request.id, message: text },
      {
        onSuccess: () => {
          toast({ title: "Reply Sent", description: `${request.name} has the reply by email.` });
          setText("");
          void queryClient.invalidateQueries({ queryKey: [SUPPORT_URL] });
        },
        onError: (error) =>
          toast({
            title: "Error",
            description: failureText("Failed to send the reply", error),
            variant: "destructive",
          }),
      },
    );
  return (
    <li aria-label={request.subject} className="grid gap-2 rounded-md border p-3 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-semibold wrap-anywhere">{request.subject}</span>
        {request.priority === "priority" ? (
          <Badge>Priority</Badge>
        ) : (
          <Badge variant="outline">Standard</Badge>
        )}
        <Badge variant="secondary">{request.planName}</Badge>
      </p>
      <p className="wrap-anywhere">
        {request.name} · {request.email} · sent {formatWhen(request.createdAt, timeZone)}
      </p>
      <p className="whitespace-pre-wrap text-muted-foreground wrap-anywhere">{request.message}</p>
      {request.reply ? (
        <div className="rounded-md bg-secondary/50 p-3">
          <p className="font-medium">
            Replied{request.repliedAt ? ` ${formatWhen(request.repliedAt, timeZone)}` : ""}
          </p>
          <p className="whitespace-pre-wrap wrap-anywhere">{request.reply}</p>
        </div>
      ) : (
        <div className="grid gap-2">
          <label htmlFor={replyId} className="font-medium">
            Reply to {request.name}
          </label>
          <Textarea
            id={replyId}
            rows={3}
            maxLength={10000}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <div>
            <Button size="sm" onClick={send} disabled={reply.isPending || text.trim() === ""}>
              {reply.isPending ? "Sending..." : "Send reply"}
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}
