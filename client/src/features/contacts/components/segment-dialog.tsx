import { CONTACT_STATUSES, type ContactStatus, LEAD_SOURCES, type LeadSource } from "@common/contacts";
import type { Segment, SegmentFilterInput } from "@common/segments";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { NativeSelect } from "../../../components/ui/native-select";
import { serverMessage, toast } from "../../../lib/toast";
import { useCreateSegment, useSegmentCount, useUpdateSegment } from "../api/segments";
import { SOURCE_LABELS, STATUS_LABELS } from "../labels";

/** The zones offered (the US's and a few more); a contact's zone is its recorded one, else its number's. */
const ZONES: [string, string][] = [
  ["America/New_York", "Eastern (New York)"],
  ["America/Chicago", "Central (Chicago)"],
  ["America/Denver", "Mountain (Denver)"],
  ["America/Phoenix", "Arizona (Phoenix)"],
  ["America/Los_Angeles", "Pacific (Los Angeles)"],
  ["America/Anchorage", "Alaska"],
  ["Pacific/Honolulu", "Hawaii"],
  ["Europe/London", "London"],
];

type Form = {
  name: string;
  tags: string;
  tagsMatch: "any" | "all";
  statuses: ContactStatus[];
  sources: LeadSource[];
  leadScoreMin: string;
  leadScoreMax: string;
  lastCalledAfter: string;
  lastCalledBefore: string;
  called: "" | "never" | "called";
  timezones: string[];
  /** The list screen's own filters a segment saved from it keeps (search, favourites, has a phone...). */
  extra: Partial<SegmentFilterInput>;
};

const EXTRA_KEYS = ["search", "favorite", "hasPhone", "hasEmail", "doNotCall"] as const;

/** The kept list filters in words: 'search "smith", favourites only'. */
function extraWords(extra: Partial<SegmentFilterInput>): string[] {
  const words: string[] = [];
  if (extra.search) words.push(`search "${extra.search}"`);
  if (extra.favorite !== undefined) words.push(extra.favorite ? "favourites only" : "not favourites");
  if (extra.hasPhone !== undefined)
    words.push(extra.hasPhone ? "with a phone number" : "without a phone number");
  if (extra.hasEmail !== undefined) words.push(extra.hasEmail ? "with an email" : "without an email");
  if (extra.doNotCall !== undefined) words.push(extra.doNotCall ? "do not call only" : "callable only");
  return words;
}

const day = (iso: unknown) => (typeof iso === "string" ? iso.slice(0, 10) : "");

function formOf(name: string, filter: Partial<SegmentFilterInput>): Form {
  return {
    name,
    tags: (filter.tags ?? []).join(", "),
    tagsMatch: filter.tagsMatch ?? "any",
    statuses: (filter.statuses ?? []) as ContactStatus[],
    sources: (filter.sources ?? []) as LeadSource[],
    leadScoreMin: filter.leadScoreMin === undefined ? "" : String(filter.leadScoreMin),
    leadScoreMax: filter.leadScoreMax === undefined ? "" : String(filter.leadScoreMax),
    lastCalledAfter: day(filter.lastCalledAfter),
    lastCalledBefore: day(filter.lastCalledBefore),
    called: filter.neverCalled === true ? "never" : filter.neverCalled === false ? "called" : "",
    timezones: filter.timezones ?? [],
    extra: Object.fromEntries(
      EXTRA_KEYS.flatMap((key) => (filter[key] === undefined ? [] : [[key, filter[key]]])),
    ) as Partial<SegmentFilterInput>,
  };
}

/** The form as the API's filter: only what is set (an empty form matches every contact). */
function filterOf(form: Form): SegmentFilterInput {
  const filter: SegmentFilterInput = { ...form.extra };
  const tags = [
    ...new Set(
      form.tags
        .split(",")
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ];
  if (tags.length) {
    filter.tags = tags;
    filter.tagsMatch = form.tagsMatch;
  }
  if (form.statuses.length) filter.statuses = form.statuses;
  if (form.sources.length) filter.sources = form.sources;
  const score = (text: string) => (text.trim() === "" ? undefined : Number(text));
  const min = score(form.leadScoreMin);
  const max = score(form.leadScoreMax);
  if (min !== undefined) filter.leadScoreMin = min;
  if (max !== undefined) filter.leadScoreMax = max;
  if (form.lastCalledAfter) filter.lastCalledAfter = form.lastCalledAfter;
  if (form.lastCalledBefore) filter.lastCalledBefore = form.lastCalledBefore;
  if (form.called) filter.neverCalled = form.called === "never";
  if (form.timezones.length) filter.timezones = form.timezones;
  return filter;
}

/**
 * A filter segment made or changed: name, tags (any or all), statuses, sources, lead score,
 * when last called and time zone, with the live count of the contacts it holds as it is edited.
 */
export function SegmentDialog({
  open,
  segment,
  initial,
  onOpenChange,
}: {
  open: boolean;
  /** The segment changed, or null for a new one. */
  segment: Segment | null;
  /** A new segment's starting filter (the list's filters when saving them). */
  initial?: Partial<SegmentFilterInput>;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] max-w-xl overflow-y-auto">
        {open ? (
          <SegmentForm
            key={segment?.id ?? "new"}
            segment={segment}
            initial={initial ?? {}}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function SegmentForm({
  segment,
  initial,
  onDone,
}: {
  segment: Segment | null;
  initial: Partial<SegmentFilterInput>;
  onDone: () => void;
}) {
  const id = useId();
  const [form, setForm] = useState<Form>(() =>
    formOf(segment?.name ?? "", (segment?.filter as Partial<SegmentFilterInput> | null) ?? initial),
  );
  const [problem, setProblem] = useState<string | undefined>();
  const create = useCreateSegment();
  const update = useUpdateSegment();
  const pending = create.isPending || update.isPending;
  const filter = filterOf(form);
  // The count follows the form a moment after typing stops.
  const [counted, setCounted] = useState(filter);
  const key = JSON.stringify(filter);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the filter
  useEffect(() => {
    const timer = window.setTimeout(() => setCounted(filter), 300);
    return () => window.clearTimeout(timer);
  }, [key]);
  const count = useSegmentCount(counted, true);
  const set = <K extends keyof Form>(field: K, value: Form[K]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setProblem(undefined);
  };
  const toggle = <T extends string>(list: T[], value: T, checked: boolean) =>
    checked ? [...list, value] : list.filter((item) => item !== value);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (!form.name.trim()) return setProblem("Please name the segment");
    const done = (saved: Segment) => {
      toast({
        title: segment ? "Segment saved" : "Segment created",
        description: `${saved.name}: ${saved.count.toLocaleString()} contacts now.`,
      });
      onDone();
    };
    const failed = (error: unknown) => setProblem(serverMessage(error) ?? "The segment could not be saved");
    if (segment)
      update.mutate(
        { id: segment.id, change: { name: form.name.trim(), filter } },
        { onSuccess: (saved) => done(saved as Segment), onError: failed },
      );
    else
      create.mutate(
        { name: form.name.trim(), kind: "filter", filter },
        { onSuccess: (saved) => done(saved as Segment), onError: failed },
      );
  };

  const countError = count.isError ? serverMessage(count.error) : undefined;

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <DialogHeader>
        <DialogTitle>{segment ? "Edit segment" : "New segment"}</DialogTitle>
        <DialogDescription>
          A segment is the contacts matching all that you set here, counted again each time it is used: as a
          dialer campaign's leads or an email campaign's audience.
        </DialogDescription>
      </DialogHeader>
      <Field label="Name" error={problem}>
        {(props) => (
          <Input
            {...props}
            value={form.name}
            onChange={(event) => set("name", event.target.value)}
            autoFocus
          />
        )}
      </Field>
      <div className="grid items-start gap-3 sm:grid-cols-[1fr_auto]">
        <Field label="Tags" hint="Separate tags with commas.">
          {(props) => (
            <Input
              {...props}
              value={form.tags}
              onChange={(event) => set("tags", event.target.value)}
              placeholder="vip, spring-promo"
            />
          )}
        </Field>
        <Field label="Match">
          {(props) => (
            <NativeSelect
              {...props}
              value={form.tagsMatch}
              onChange={(event) => set("tagsMatch", event.target.value as Form["tagsMatch"])}
            >
              <option value="any">Any of the tags</option>
              <option value="all">All of the tags</option>
            </NativeSelect>
          )}
        </Field>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Status</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {CONTACT_STATUSES.map((status) => (
            <CheckRow
              key={status}
              id={`${id}-status-${status}`}
              label={STATUS_LABELS[status]}
              checked={form.statuses.includes(status)}
              onChange={(checked) => set("statuses", toggle(form.statuses, status, checked))}
            />
          ))}
        </div>
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Source</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {LEAD_SOURCES.map((source) => (
            <CheckRow
              key={source}
              id={`${id}-source-${source}`}
              label={SOURCE_LABELS[source]}
              checked={form.sources.includes(source)}
              onChange={(checked) => set("sources", toggle(form.sources, source, checked))}
            />
          ))}
        </div>
      </fieldset>
      <div className="grid grid-cols-2 gap-3">
        <Field label="Lead score from">
          {(props) => (
            <Input
              {...props}
              type="number"
              min={0}
              max={100}
              inputMode="numeric"
              value={form.leadScoreMin}
              onChange={(event) => set("leadScoreMin", event.target.value)}
            />
          )}
        </Field>
        <Field label="Lead score to">
          {(props) => (
            <Input
              {...props}
              type="number"
              min={0}
              max={100}
              inputMode="numeric"
              value={form.leadScoreMax}
              onChange={(event) => set("leadScoreMax", event.target.value)}
            />
          )}
        </Field>
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label="Called">
          {(props) => (
            <NativeSelect
              {...props}
              value={form.called}
              onChange={(event) => set("called", event.target.value as Form["called"])}
            >
              <option value="">Called or not</option>
              <option value="never">Never called</option>
              <option value="called">Called at least once</option>
            </NativeSelect>
          )}
        </Field>
        <Field label="Last called after">
          {(props) => (
            <Input
              {...props}
              type="date"
              value={form.lastCalledAfter}
              disabled={form.called === "never"}
              onChange={(event) => set("lastCalledAfter", event.target.value)}
            />
          )}
        </Field>
        <Field label="Last called before">
          {(props) => (
            <Input
              {...props}
              type="date"
              value={form.lastCalledBefore}
              disabled={form.called === "never"}
              onChange={(event) => set("lastCalledBefore", event.target.value)}
            />
          )}
        </Field>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Time zone</legend>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {ZONES.map(([zone, label]) => (
            <CheckRow
              key={zone}
              id={`${id}-zone-${zone}`}
              label={label}
              checked={form.timezones.includes(zone)}
              onChange={(checked) => set("timezones", toggle(form.timezones, zone, checked))}
            />
          ))}
        </div>
      </fieldset>
      {extraWords(form.extra).length ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span>Also from the list: {extraWords(form.extra).join(", ")}.</span>
          <Button type="button" variant="link" className="h-auto p-0" onClick={() => set("extra", {})}>
            Leave these out
          </Button>
        </div>
      ) : null}
      <p
        id={`${id}-count`}
        className="rounded-md bg-muted px-3 py-2 text-sm"
        aria-live="polite"
        data-testid="segment-live-count"
      >
        {countError
          ? countError
          : count.data
            ? `${count.data.count.toLocaleString()} contacts match now (${count.data.withPhone.toLocaleString()} with a phone number, ${count.data.withEmail.toLocaleString()} with an email address).`
            : "Counting..."}
      </p>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" disabled={pending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={pending}>
          {pending ? "Saving..." : segment ? "Save segment" : "Create segment"}
        </Button>
      </DialogFooter>
    </form>
  );
}

function CheckRow({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-center gap-2">
      <Checkbox id={id} checked={checked} onCheckedChange={(value) => onChange(value === true)} />
      <Label htmlFor={id} className="font-normal">
        {label}
      </Label>
    </div>
  );
}
