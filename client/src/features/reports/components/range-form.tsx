import { useEffect, useState } from "react";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { NativeSelect } from "../../../components/ui/native-select";
import type { ReportParams } from "../api/get-report";
import { presetOf, presetRange, RANGE_PRESETS, type RangePresetId, rangeProblems } from "../range-presets";

/**
 * The range and the campaign: a preset (Today, Last 7 days, ...) or two days picked by hand,
 * each checked as the server checks it before it is asked; a valid change is applied at once.
 */
export function RangeForm({
  params,
  onChange,
  campaigns,
  timeZone,
}: {
  params: ReportParams;
  onChange: (next: Partial<ReportParams>) => void;
  campaigns: { id: string; name: string }[];
  timeZone: string;
}) {
  const [draft, setDraft] = useState({ from: params.from, to: params.to });
  useEffect(() => setDraft({ from: params.from, to: params.to }), [params.from, params.to]);
  const problems = rangeProblems(draft);
  const preset = presetOf(draft, new Date(), timeZone);

  const changeDay = (field: "from" | "to", value: string) => {
    const next = { ...draft, [field]: value };
    setDraft(next);
    if (Object.keys(rangeProblems(next)).length === 0) onChange(next);
  };

  return (
    <form
      aria-label="What the report covers"
      className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4"
      onSubmit={(event) => event.preventDefault()}
    >
      <Field label="Range">
        {(props) => (
          <NativeSelect
            {...props}
            value={preset ?? "custom"}
            onChange={(event) => {
              const id = event.target.value as RangePresetId | "custom";
              if (id === "custom") return;
              const range = presetRange(id, new Date(), timeZone);
              setDraft(range);
              onChange(range);
            }}
          >
            {RANGE_PRESETS.map(({ id, label }) => (
              <option key={id} value={id}>
                {label}
              </option>
            ))}
            <option value="custom">Custom days</option>
          </NativeSelect>
        )}
      </Field>
      <Field label="From" error={problems.from}>
        {(props) => (
          <Input
            {...props}
            type="date"
            value={draft.from}
            onChange={(event) => changeDay("from", event.target.value)}
          />
        )}
      </Field>
      <Field label="To" error={problems.to}>
        {(props) => (
          <Input
            {...props}
            type="date"
            value={draft.to}
            onChange={(event) => changeDay("to", event.target.value)}
          />
        )}
      </Field>
      <Field label="Campaign">
        {(props) => (
          <NativeSelect
            {...props}
            value={params.campaignId ?? ""}
            onChange={(event) => onChange({ campaignId: event.target.value || null })}
          >
            <option value="">All campaigns and calls</option>
            {campaigns.map((campaign) => (
              <option key={campaign.id} value={campaign.id}>
                {campaign.name}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
    </form>
  );
}
