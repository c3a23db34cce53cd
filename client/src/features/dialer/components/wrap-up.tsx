import { Check, Hourglass } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { formatDuration } from "../../../lib/format";

/**
 * After a disposition: the campaign's wrap-up counts down, and the dialer offers no call until
 * it ends or the rep clicks Ready.
 */
export function WrapUp({
  until,
  onReady,
  pending,
}: {
  until: string;
  onReady: () => void;
  pending: boolean;
}) {
  const end = new Date(until).getTime();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const left = Math.max(0, Math.ceil((end - now) / 1000));
  return (
    <Card role="region" aria-labelledby="wrap-up-title" className="border-amber-500">
      <CardContent className="flex flex-wrap items-center justify-between gap-3 py-4">
        <div className="grid gap-1">
          <p id="wrap-up-title" className="flex items-center gap-2 font-semibold">
            <Hourglass className="size-4 text-amber-600" aria-hidden /> Wrap-up
          </p>
          <p className="text-sm text-muted-foreground">
            {left > 0 ? (
              <>
                Finish your notes: the next call comes in{" "}
                <span role="timer" data-testid="wrap-up-left" className="font-mono tabular-nums">
                  {formatDuration(left)}
                </span>
                .
              </>
            ) : (
              "Wrap-up is over: the dialer will offer you the next call."
            )}
          </p>
        </div>
        <Button onClick={onReady} disabled={pending}>
          <Check aria-hidden /> Ready
        </Button>
      </CardContent>
    </Card>
  );
}
