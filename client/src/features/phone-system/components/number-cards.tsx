import { type BusinessNumber, FETCH_NUMBERS_FAILED, NO_API_KEY } from "@common/phone-system";
import { MapPin, Phone, Plus, Settings2 } from "lucide-react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { capitalise } from "../labels";

/**
 * Business phone-number cards, each opening its settings. With no numbers: the spec's
 * 'No Grasshopper API key configured', and what to do instead (we need no API key).
 */
export function NumberCards({
  numbers,
  loading,
  failed,
  canManage,
  onOpen,
  onAdd,
}: {
  numbers: BusinessNumber[] | undefined;
  loading: boolean;
  failed: boolean;
  canManage: boolean;
  onOpen: (id: string) => void;
  onAdd: () => void;
}) {
  if (failed)
    return (
      <p role="alert" className="text-sm text-destructive">
        {FETCH_NUMBERS_FAILED}
      </p>
    );
  if (loading || !numbers)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading phone numbers...
      </p>
    );
  if (numbers.length === 0)
    return (
      <Card>
        <CardContent className="grid justify-items-start gap-3 p-5">
          <p className="font-medium">{NO_API_KEY}</p>
          <p className="text-sm text-muted-foreground">
            This phone system runs on your own phone service, so there is no Grasshopper key to add: it
            connects once it has a business number.{" "}
            {canManage
              ? "Add your simulator number or your Twilio number as a business number."
              : "A workspace admin adds your simulator number or your Twilio number as a business number."}
          </p>
          {canManage ? (
            <Button onClick={onAdd}>
              <Plus aria-hidden /> Add Number
            </Button>
          ) : null}
        </CardContent>
      </Card>
    );
  return (
    <ul aria-label="Business numbers" className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
      {numbers.map((number) => (
        <li key={number.id} aria-label={number.number}>
          <Card className="h-full min-w-0">
            <CardContent className="grid gap-3 p-4">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <p className="flex min-w-0 items-center gap-2 font-semibold tabular-nums wrap-anywhere">
                  <Phone className="size-4 shrink-0 text-primary" aria-hidden />
                  {number.number}
                </p>
                <Badge variant={number.isActive ? "success" : "secondary"}>
                  {number.isActive ? "Active" : "Inactive"}
                </Badge>
              </div>
              <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                <Badge variant="outline">{capitalise(number.type)}</Badge>
                {number.location ? (
                  <span className="flex min-w-0 items-center gap-1 wrap-anywhere">
                    <MapPin className="size-3.5 shrink-0" aria-hidden />
                    {number.location}
                  </span>
                ) : null}
              </div>
              <Button
                variant="outline"
                size="sm"
                className="justify-self-start"
                aria-label={`${canManage ? "Manage" : "View"} ${number.number}`}
                onClick={() => onOpen(number.id)}
              >
                <Settings2 aria-hidden /> {canManage ? "Manage" : "View"}
              </Button>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
