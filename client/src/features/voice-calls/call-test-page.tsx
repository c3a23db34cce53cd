import {
  CALLING_NOT_AVAILABLE,
  cleanPhoneNumber,
  EMERGENCY_NUMBER,
  type NativeCallResult,
} from "@common/telephony";
import { Info, Link2, Phone, Siren } from "lucide-react";
import { useState } from "react";
import { Badge } from "../../components/ui/badge";
import { Button, buttonVariants } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../components/ui/dialog";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { cn } from "../../lib/cn";
import { isMobileDevice, useIsStandalone } from "../../lib/device";
import { toast } from "../../lib/toast";
import { emergencyCall, nativeCall } from "./native-call";

/** A line of the results list; "info" is a check that placed no call (a computer cannot dial). */
type Result = NativeCallResult & { at: string; tone: "success" | "failure" | "info" };

const RESULT_STYLE: Record<Result["tone"], string> = {
  success: "border-green-200 bg-green-50",
  failure: "border-red-200 bg-red-50",
  info: "border-border bg-muted/50",
};

const DESKTOP_EMERGENCY_TEST =
  "Emergency test: nothing was dialled. This computer cannot place phone calls; on a phone, the " +
  `app opens the dialler with ${EMERGENCY_NUMBER} only after you confirm.`;

/** "Mobile calling test": device information, native call, direct link, emergency test. */
export function CallTestPage() {
  const mobile = isMobileDevice();
  const standalone = useIsStandalone();
  const [phoneNumber, setPhoneNumber] = useState("");
  const [results, setResults] = useState<Result[]>([]);
  const [confirming, setConfirming] = useState(false);
  const clean = cleanPhoneNumber(phoneNumber);

  const remember = (result: NativeCallResult, tone: Result["tone"]) =>
    setResults((current) =>
      [{ ...result, tone, at: new Date().toLocaleTimeString() }, ...current].slice(0, 10),
    );

  const record = (result: NativeCallResult) => {
    remember(result, result.success ? "success" : "failure");
    toast({
      title: result.success ? "Calling" : "Call Failed",
      description: result.message,
      ...(result.success ? {} : { variant: "destructive" as const }),
    });
  };

  const notAvailable = () =>
    toast({ title: "Not Available", description: CALLING_NOT_AVAILABLE, variant: "destructive" });

  /**
   * On a phone the test is a real call to 911, so it asks first. A computer cannot dial: the test
   * says so and dials nothing, and never offers to call 911.
   */
  const emergencyTest = () => {
    if (mobile) {
      setConfirming(true);
      return;
    }
    remember(
      { success: false, message: DESKTOP_EMERGENCY_TEST, callId: `emergency-test-${Date.now()}` },
      "info",
    );
    notAvailable();
  };

  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-bold">Mobile Calling Test</h1>
        <p className="text-sm text-muted-foreground">Check that this device can place calls from the app.</p>
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Device information</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm" data-testid="device-info">
              <dt className="text-muted-foreground">Mobile device</dt>
              <dd>
                <Badge variant={mobile ? "success" : "secondary"}>{mobile ? "Yes" : "No"}</Badge>
              </dd>
              <dt className="text-muted-foreground">Can place calls</dt>
              <dd>{mobile ? "Yes, through the phone's dialler" : "No: use a phone"}</dd>
              <dt className="text-muted-foreground">Platform</dt>
              <dd>{platform()}</dd>
              <dt className="text-muted-foreground">Screen</dt>
              <dd>
                {window.screen.width} × {window.screen.height} (window {window.innerWidth} ×{" "}
                {window.innerHeight})
              </dd>
              <dt className="text-muted-foreground">Touch</dt>
              <dd>
                {navigator.maxTouchPoints > 0
                  ? `Yes (${navigator.maxTouchPoints} touch point${navigator.maxTouchPoints === 1 ? "" : "s"})`
                  : "No"}
              </dd>
              <dt className="text-muted-foreground">Installed app</dt>
              <dd>{standalone ? "Yes" : "No (in the browser)"}</dd>
              <dt className="text-muted-foreground">Online</dt>
              <dd>{navigator.onLine ? "Yes" : "No"}</dd>
              <dt className="text-muted-foreground">User agent</dt>
              <dd className="break-all text-xs">{navigator.userAgent}</dd>
            </dl>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Place a test call</CardTitle>
            <CardDescription>Only digits and + are kept from the number.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {mobile ? null : (
              <p
                className="flex gap-2 rounded-md border bg-muted/50 p-3 text-sm"
                data-testid="desktop-notice"
              >
                <Info className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
                <span>
                  This computer cannot place phone calls. Open this page on your phone to test calling; here
                  the buttons only check what would be dialled.
                </span>
              </p>
            )}
            <Field label="Phone number" hint={clean ? `Dials ${clean}` : "For example (555) 123-4567"}>
              {(p) => (
                <Input
                  {...p}
                  type="tel"
                  inputMode="tel"
                  value={phoneNumber}
                  onChange={(event) => setPhoneNumber(event.target.value)}
                />
              )}
            </Field>
            <div className="flex flex-wrap gap-2">
              <Button
                onClick={() => {
                  if (!mobile) return notAvailable();
                  record(nativeCall({ phoneNumber, purpose: "Mobile calling test" }));
                }}
              >
                <Phone /> Native Call
              </Button>
              <a
                href={clean ? `tel:${clean}` : undefined}
                aria-disabled={!clean}
                className={cn(
                  buttonVariants({ variant: "outline" }),
                  !clean && "pointer-events-none opacity-50",
                )}
              >
                <Link2 /> Direct Link
              </a>
              <Button variant="destructive" onClick={emergencyTest}>
                <Siren /> Emergency Test
              </Button>
            </div>
            {results.length ? (
              <ul className="grid gap-2 text-sm" aria-label="Call results">
                {results.map((result) => (
                  <li key={result.callId} className={cn("rounded-md border p-2", RESULT_STYLE[result.tone])}>
                    <span className="font-medium">{result.message}</span>
                    <span className="block font-mono text-xs text-muted-foreground">
                      {result.callId} · {result.at}
                    </span>
                  </li>
                ))}
              </ul>
            ) : null}
          </CardContent>
        </Card>
      </div>

      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent className="max-w-sm">
          <DialogHeader>
            <DialogTitle>Call {EMERGENCY_NUMBER}?</DialogTitle>
            <DialogDescription>
              This really calls emergency services from your phone. Only continue if you have an emergency or
              your local emergency line allows test calls.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              variant="destructive"
              onClick={() => {
                setConfirming(false);
                record(emergencyCall());
              }}
            >
              Call {EMERGENCY_NUMBER} now
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}

function platform(): string {
  const data = (navigator as Navigator & { userAgentData?: { platform?: string; mobile?: boolean } })
    .userAgentData;
  return data?.platform || navigator.platform || "Unknown";
}
