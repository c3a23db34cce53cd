import {
  ENQUIRY_STATUS_LABELS,
  ENQUIRY_STATUSES,
  type EnquiryStatus,
  type EnterpriseEnquiry,
} from "@common/enterprise";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Badge } from "../../../components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { NativeSelect } from "../../../components/ui/native-select";
import { toast } from "../../../lib/toast";
import { useSetEnquiryStatus } from "../api/admin-actions";
import { ENQUIRIES_URL, useEnquiries } from "../api/get-admin-data";
import { formatWhen } from "../format";
import { FETCH_FAILED, failureText } from "../messages";
import { useFailureToast } from "../use-failure-toast";
import { PagedList } from "./paged-list";

const PAGE_SIZE = 25;
const STATUS_VARIANT = {
  new: "default",
  contacted: "secondary",
  won: "success",
  lost: "outline",
} as const satisfies Record<EnquiryStatus, string>;

/**
 * Sales: the contact-sales enquiries sent from /enterprise by every workspace, newest first,
 * paged on the server and filtered by where sales is with them; each moves on from its own row.
 */
export function SalesTab({ timeZone }: { timeZone: string }) {
  const [status, setStatus] = useState<EnquiryStatus | "">("");
  const [page, setPage] = useState(1);
  const filterId = useId();
  const enquiries = useEnquiries({ page, limit: PAGE_SIZE, status: status || undefined });
  useFailureToast(enquiries.isError, FETCH_FAILED.enquiries, enquiries.errorUpdatedAt);
  const rows = enquiries.data?.enquiries ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle>Contact Sales enquiries</CardTitle>
        <CardDescription>
          Sent from the Enterprise page. Move each one on as sales works it: contacted, then won or lost.
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
              setStatus(event.target.value as EnquiryStatus | "");
              setPage(1);
            }}
          >
            <option value="">Every enquiry</option>
            {ENQUIRY_STATUSES.map((value) => (
              <option key={value} value={value}>
                {ENQUIRY_STATUS_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <PagedList
          label="Enquiries"
          noun="enquiries"
          loading="Loading enquiries..."
          failed={FETCH_FAILED.enquiries}
          empty={
            status ? `No ${ENQUIRY_STATUS_LABELS[status].toLowerCase()} enquiries.` : "No enquiries yet."
          }
          isPending={enquiries.isPending}
          isError={enquiries.isError}
          isFetching={enquiries.isFetching}
          total={enquiries.data?.total}
          page={page}
          limit={PAGE_SIZE}
          onPage={setPage}
        >
          {rows.map((enquiry) => (
            <EnquiryRow key={enquiry.id} enquiry={enquiry} timeZone={timeZone} />
          ))}
        </PagedList>
      </CardContent>
    </Card>
  );
}

function EnquiryRow({ enquiry, timeZone }: { enquiry: EnterpriseEnquiry; timeZone: string }) {
  const queryClient = useQueryClient();
  const setStatus = useSetEnquiryStatus();
  const move = (status: EnquiryStatus) =>
    setStatus.mutate(
      { id: enquiry.id, status },
      {
        onSuccess: () => {
          toast({
            title: "Enquiry Updated",
            description: `${enquiry.company}: ${ENQUIRY_STATUS_LABELS[status]}`,
          });
          void queryClient.invalidateQueries({ queryKey: [ENQUIRIES_URL] });
        },
        onError: (error) =>
          toast({
            title: "Error",
            description: failureText("Failed to update the enquiry", error),
            variant: "destructive",
          }),
      },
    );
  return (
    <li
      aria-label={enquiry.company}
      className="grid gap-2 rounded-md border p-3 text-sm sm:grid-cols-[1fr_auto]"
    >
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold wrap-anywhere">{enquiry.company}</span>
          <Badge variant="outline">Enterprise {enquiry.planName}</Badge>
          <Badge variant={STATUS_VARIANT[enquiry.status]} data-testid="enquiry-status">
            {ENQUIRY_STATUS_LABELS[enquiry.status]}
          </Badge>
        </p>
        <p className="wrap-anywhere">
          {enquiry.name} · <a href={`mailto:${enquiry.email}`}>{enquiry.email}</a>
          {enquiry.phoneNumber ? ` · ${enquiry.phoneNumber}` : ""}
        </p>
        {enquiry.expectedConcurrentCalls ? (
          <p>{enquiry.expectedConcurrentCalls.toLocaleString("en-US")} concurrent calls expected</p>
        ) : null}
        {enquiry.message ? (
          <p className="whitespace-pre-wrap text-muted-foreground wrap-anywhere">{enquiry.message}</p>
        ) : null}
        <p className="text-xs text-muted-foreground">Sent {formatWhen(enquiry.createdAt, timeZone)}</p>
      </div>
      <div className="grid content-start gap-1">
        <span aria-hidden className="font-medium">
          Status
        </span>
        <NativeSelect
          aria-label={`Status of ${enquiry.company}'s enquiry`}
          value={enquiry.status}
          disabled={setStatus.isPending}
          onChange={(event) => move(event.target.value as EnquiryStatus)}
        >
          {ENQUIRY_STATUSES.map((value) => (
            <option key={value} value={value}>
              {ENQUIRY_STATUS_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
      </div>
    </li>
  );
}
