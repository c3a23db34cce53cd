import {
  DISCONNECTED,
  FETCH_ANALYTICS_FAILED,
  FETCH_NUMBERS_FAILED,
  FETCH_VOICEMAILS_FAILED,
  SETUP_FAILED,
  SETUP_FAILED_TITLE,
  VOICEMAILS_SHOWN,
} from "@common/phone-system";
import { PhoneCall, Plus, Route } from "lucide-react";
import { useState } from "react";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { useUser } from "../../lib/auth/use-user";
import { useWorkspace } from "../../lib/auth/use-workspace";
import { toast, toastError } from "../../lib/toast";
import { useAnalytics } from "./api/get-analytics";
import { useNumbers } from "./api/get-numbers";
import { useVoicemails } from "./api/get-voicemails";
import { useSetupRouting } from "./api/mutations";
import { usePhoneSystemEvents } from "./api/use-phone-system-events";
import { AddNumberDialog } from "./components/add-number-dialog";
import { CallContactPanel } from "./components/call-contact-panel";
import { NumberCards } from "./components/number-cards";
import { NumberDialog } from "./components/number-dialog";
import { PhoneStats } from "./components/phone-stats";
import { VoicemailsList } from "./components/voicemails-list";
import { plural } from "./labels";
import { useFailureToast } from "./use-failure-toast";

/** What the badge says once numbers are set up (the spec names only Disconnected). */
const CONNECTED = "Connected";

/**
 * The business phone system (/grasshopper): the integration status, Setup Call Routing,
 * six stats, the business-number cards (each opening its settings, hours and extensions), the
 * first five voicemails and click-to-call. Built on our own telephony: the numbers are
 * the account's simulator or Twilio numbers. Everyone reads; workspace admins change things.
 */
export function PhoneSystemPage() {
  const { user } = useUser();
  const timeZone = user?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const canManage = useWorkspace().can("admin");
  const numbers = useNumbers();
  const analytics = useAnalytics();
  const voicemails = useVoicemails();
  // A voicemail shows the moment it is left and again once transcribed.
  usePhoneSystemEvents();
  const setupRouting = useSetupRouting();
  const [adding, setAdding] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const list = numbers.data?.numbers;
  // Disconnected unless the numbers answered success true: the server's word, which is true once
  // the workspace has a business number to answer.
  const connected = numbers.data?.success === true;

  useFailureToast(numbers.isError, FETCH_NUMBERS_FAILED, numbers.errorUpdatedAt);
  useFailureToast(analytics.isError, FETCH_ANALYTICS_FAILED, analytics.errorUpdatedAt);
  useFailureToast(voicemails.isError, FETCH_VOICEMAILS_FAILED, voicemails.errorUpdatedAt);

  const setup = () =>
    setupRouting.mutate(undefined, {
      onSuccess: ({ applied }) =>
        toast({
          title: "Call Routing Set Up",
          description: `Routing applied to ${plural(applied.length, "number")}: ${applied
            .map((item) => item.number)
            .join(", ")}.`,
        }),
      onError: (error) => toastError(SETUP_FAILED_TITLE, SETUP_FAILED, error),
    });

  return (
    <div className="mx-auto grid w-full max-w-6xl min-w-0 gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h1 className="flex items-center gap-2 text-2xl font-bold">
              <PhoneCall className="size-6 text-primary" aria-hidden /> Business Phone System
            </h1>
            <Badge
              variant={connected ? "success" : "secondary"}
              data-testid="integration-status"
              aria-label={`Integration status: ${connected ? CONNECTED : DISCONNECTED}`}
            >
              {connected ? CONNECTED : DISCONNECTED}
            </Badge>
          </div>
          <p className="text-sm text-muted-foreground">
            Your business numbers with a greeting, extensions, business hours and voicemail, on your own phone
            service.
          </p>
        </div>
        {canManage ? (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setAdding(true)}>
              <Plus aria-hidden /> Add Number
            </Button>
            <Button onClick={setup} disabled={setupRouting.isPending}>
              <Route aria-hidden />
              {setupRouting.isPending ? "Setting up..." : "Setup Call Routing"}
            </Button>
          </div>
        ) : null}
      </div>

      <PhoneStats analytics={analytics.data} failed={analytics.isError} />

      <section aria-labelledby="numbers-title" className="grid gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="numbers-title" className="text-lg font-semibold">
            Business Numbers
          </h2>
          {list?.length ? (
            <span className="text-sm text-muted-foreground">{plural(list.length, "number")}</span>
          ) : null}
        </div>
        <NumberCards
          numbers={list}
          loading={numbers.isPending}
          failed={numbers.isError}
          canManage={canManage}
          onOpen={setOpenId}
          onAdd={() => setAdding(true)}
        />
      </section>

      <div className="grid min-w-0 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle>Recent Voicemails</CardTitle>
            <CardDescription>The newest {VOICEMAILS_SHOWN}, with their transcriptions.</CardDescription>
          </CardHeader>
          <CardContent>
            <VoicemailsList
              voicemails={voicemails.data}
              loading={voicemails.isPending}
              failed={voicemails.isError}
              timeZone={timeZone}
              onPlay={() => voicemails.refetch()}
            />
          </CardContent>
        </Card>
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle>Call a Contact</CardTitle>
            <CardDescription>
              Rings your cellphone first, then connects the contact, who sees your business number.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <CallContactPanel numbers={list ?? []} />
          </CardContent>
        </Card>
      </div>

      <AddNumberDialog
        open={adding}
        onOpenChange={setAdding}
        taken={(list ?? []).map((number) => number.number)}
        onAdded={setOpenId}
      />
      <NumberDialog
        numberId={openId}
        onClose={() => setOpenId(null)}
        canManage={canManage}
        timeZone={timeZone}
      />
    </div>
  );
}
