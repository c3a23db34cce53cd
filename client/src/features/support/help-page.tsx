import { SupportRequestBody, type SupportRequestBody as SupportRequestInput } from "@common/support";
import { CheckCircle2, LifeBuoy } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { Input, Textarea } from "../../components/ui/input";
import { useUser } from "../../lib/auth/use-user";
import { contractResolver } from "../../lib/forms/contract-form";
import { serverMessage, toast } from "../../lib/toast";
import { useMySupportRequests, useSendSupportRequest } from "./api/support-requests";

const PAGE_SIZE = 10;
const CONTRACT = { schema: SupportRequestBody, toBody: (values: SupportRequestInput) => values };

const when = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone }).format(
    new Date(iso),
  );

/**
 * Help (/help): write to support and read the replies. A plan with priority support is answered
 * first; every reply also arrives by email.
 */
export function HelpPage() {
  const { user } = useUser();
  const timeZone = user?.timezone ?? "UTC";
  const send = useSendSupportRequest();
  const [sent, setSent] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const requests = useMySupportRequests(page, PAGE_SIZE);
  const form = useForm<SupportRequestInput, unknown, SupportRequestInput>({
    defaultValues: { subject: "", message: "" },
    resolver: contractResolver(CONTRACT),
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((body) =>
    send.mutate(body, {
      onSuccess: (result) => {
        setSent(result.message);
        form.reset();
      },
      onError: (error) =>
        toast({
          title: "Error",
          description: serverMessage(error) ?? "Failed to send your request. Please try again.",
          variant: "destructive",
        }),
    }),
  );

  const rows = requests.data?.requests ?? [];
  const pages = Math.max(1, Math.ceil((requests.data?.total ?? 0) / PAGE_SIZE));
  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex items-center gap-3">
        <LifeBuoy className="size-8 text-primary" aria-hidden />
        <div>
          <h1 className="text-2xl font-bold">Help</h1>
          <p className="text-muted-foreground">Write to support. Replies come by email and are kept here.</p>
        </div>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Write to support</CardTitle>
          <CardDescription>
            Say what you were doing and what happened; a call's time helps us find it.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} noValidate aria-label="Write to support" className="grid gap-4">
            <Field label="Subject" error={errors.subject?.message}>
              {(props) => <Input {...props} maxLength={150} {...form.register("subject")} />}
            </Field>
            <Field label="Message" error={errors.message?.message}>
              {(props) => <Textarea {...props} rows={6} maxLength={5000} {...form.register("message")} />}
            </Field>
            <div className="flex flex-wrap items-center gap-3">
              <Button type="submit" disabled={send.isPending}>
                {send.isPending ? "Sending..." : "Send to support"}
              </Button>
              {sent ? (
                <p role="status" className="flex items-center gap-2 text-sm text-green-800">
                  <CheckCircle2 className="size-4 shrink-0" aria-hidden /> {sent}
                </p>
              ) : null}
            </div>
          </form>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Your requests</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          {requests.isPending ? (
            <p role="status" className="text-sm text-muted-foreground">
              Loading your requests...
            </p>
          ) : requests.isError ? (
            <p role="alert" className="text-sm text-destructive">
              Your requests could not be loaded. Please try again.
            </p>
          ) : rows.length === 0 ? (
            <p className="text-sm text-muted-foreground">You have not written to support yet.</p>
          ) : (
            <ul aria-label="Your requests" className="grid gap-3">
              {rows.map((request) => (
                <li
                  key={request.id}
                  aria-label={request.subject}
                  className="grid gap-2 rounded-md border p-3 text-sm"
                >
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold wrap-anywhere">{request.subject}</span>
                    <Badge variant={request.status === "answered" ? "success" : "secondary"}>
                      {request.status === "answered" ? "Answered" : "Waiting for a reply"}
                    </Badge>
                    {request.priority === "priority" ? <Badge variant="outline">Priority</Badge> : null}
                  </p>
                  <p className="whitespace-pre-wrap text-muted-foreground wrap-anywhere">{request.message}</p>
                  <p className="text-xs text-muted-foreground">Sent {when(request.createdAt, timeZone)}</p>
                  {request.reply ? (
                    <div className="rounded-md bg-secondary/50 p-3">
                      <p className="font-medium">
                        Support replied{request.repliedAt ? ` ${when(request.repliedAt, timeZone)}` : ""}
                      </p>
                      <p className="whitespace-pre-wrap wrap-anywhere">{request.reply}</p>
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
          {pages > 1 ? (
            <div className="flex items-center justify-between gap-2">
              <p className="text-sm text-muted-foreground">
                Page {page} of {pages}
              </p>
              <div className="flex gap-2">
                <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  Previous
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={page >= pages}
                  onClick={() => setPage(page + 1)}
                >
                  Next
                </Button>
              </div>
            </div>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}
