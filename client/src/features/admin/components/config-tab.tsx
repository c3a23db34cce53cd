import {
  BACKUP_FREQUENCIES,
  CONFIG_UPDATE_FAILED,
  SystemConfig,
  type SystemConfigUpdate,
} from "@common/admin";
import { useQueryClient } from "@tanstack/react-query";
import type * as React from "react";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { NativeSelect } from "../../../components/ui/native-select";
import { Switch } from "../../../components/ui/switch";
import { fieldErrors, serverFieldErrors } from "../../../lib/forms/field-errors";
import { useFieldForm } from "../../../lib/forms/use-field-form";
import { toast } from "../../../lib/toast";
import { useUpdateConfig } from "../api/admin-actions";
import { CONFIG_URL, useSystemConfig } from "../api/get-admin-data";
import { FETCH_FAILED, failureText } from "../messages";
import { useFailureToast } from "../use-failure-toast";

type Form = {
  maxConcurrentCalls: string;
  defaultCallTimeout: string;
  apiRateLimit: string;
  backupFrequency: SystemConfig["backupFrequency"];
  enableCallRecording: boolean;
  enableTranscription: boolean;
  systemMaintenanceMode: boolean;
};

const FREQUENCY_LABELS = { hourly: "Hourly", daily: "Daily", weekly: "Weekly" } as const;
const NO_CHANGE = "Change at least one setting";

const toForm = (config: SystemConfig): Form => ({
  ...config,
  maxConcurrentCalls: String(config.maxConcurrentCalls),
  defaultCallTimeout: String(config.defaultCallTimeout),
  apiRateLimit: String(config.apiRateLimit),
});

/** A typed number ("" stays "" so the contract names the field rather than reading 0). */
const numberOf = (text: string) => (text.trim() === "" ? Number.NaN : Number(text.trim()));

/**
 * Configuration (system config, defaults): the stored settings, every one
 * enforced by the running servers. Save sends only the fields that changed.
 */
export function ConfigTab({ system }: { system: React.ReactNode }) {
  const config = useSystemConfig();
  useFailureToast(config.isError, FETCH_FAILED.config, config.errorUpdatedAt);
  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader>
          <CardTitle>System Configuration</CardTitle>
          <CardDescription>
            Platform-wide limits and switches, read by every server within seconds.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {config.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {FETCH_FAILED.config}
            </p>
          ) : !config.data ? (
            <p role="status" className="text-sm text-muted-foreground">
              Loading configuration...
            </p>
          ) : (
            // Re-mounted when the stored settings change, so the form starts from them.
            <ConfigForm key={JSON.stringify(config.data.config)} saved={config.data.config} />
          )}
        </CardContent>
      </Card>
      {system}
    </div>
  );
}

function ConfigForm({ saved }: { saved: SystemConfig }) {
  const { form, errors, setErrors, set, text } = useFieldForm<Form>(() => toForm(saved));
  const update = useUpdateConfig();
  const queryClient = useQueryClient();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = SystemConfig.safeParse({
      ...form,
      maxConcurrentCalls: numberOf(form.maxConcurrentCalls),
      defaultCallTimeout: numberOf(form.defaultCallTimeout),
      apiRateLimit: numberOf(form.apiRateLimit),
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    const changes: SystemConfigUpdate = {};
    for (const key of Object.keys(parsed.data) as (keyof SystemConfig)[])
      if (parsed.data[key] !== saved[key]) Object.assign(changes, { [key]: parsed.data[key] });
    if (Object.keys(changes).length === 0) {
      setErrors({ form: NO_CHANGE });
      return;
    }
    update.mutate(changes, {
      onSuccess: (answer) => {
        queryClient.setQueryData([CONFIG_URL], answer);
        toast({
          title: "Configuration Updated",
          description: answer.message ?? "The new settings are in force.",
        });
      },
      onError: (error) => {
        const byField = serverFieldErrors(error);
        if (Object.keys(byField).length) setErrors(byField);
        toast({
          title: "Error",
          description: failureText(CONFIG_UPDATE_FAILED, error),
          variant: "destructive",
        });
      },
    });
  };

  const toggle = (
    key: "enableCallRecording" | "enableTranscription" | "systemMaintenanceMode",
    label: string,
    hint: string,
  ) => (
    <div className="flex items-start justify-between gap-4 rounded-md border p-3">
      <div className="grid gap-0.5">
        <label htmlFor={`config-${key}`} className="text-sm font-medium">
          {label}
        </label>
        <p className="text-xs text-muted-foreground">{hint}</p>
      </div>
      <Switch id={`config-${key}`} checked={form[key]} onCheckedChange={(on) => set(key)(on)} />
    </div>
  );

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label="System configuration">
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label="Max concurrent calls"
          error={errors.maxConcurrentCalls}
          hint="Across the whole platform"
        >
          {(props) => (
            <Input
              {...props}
              inputMode="numeric"
              value={form.maxConcurrentCalls}
              onChange={text("maxConcurrentCalls")}
            />
          )}
        </Field>
        <Field
          label="Default call timeout (seconds)"
          error={errors.defaultCallTimeout}
          hint="A call ends after this long"
        >
          {(props) => (
            <Input
              {...props}
              inputMode="numeric"
              value={form.defaultCallTimeout}
              onChange={text("defaultCallTimeout")}
            />
          )}
        </Field>
        <Field
          label="API rate limit (per minute)"
          error={errors.apiRateLimit}
          hint="Requests per account per minute"
        >
          {(props) => (
            <Input {...props} inputMode="numeric" value={form.apiRateLimit} onChange={text("apiRateLimit")} />
          )}
        </Field>
        <Field
          label="Backup frequency"
          error={errors.backupFrequency}
          hint="Scheduled backups on the jobs queue"
        >
          {(props) => (
            <NativeSelect {...props} value={form.backupFrequency} onChange={text("backupFrequency")}>
              {BACKUP_FREQUENCIES.map((value) => (
                <option key={value} value={value}>
                  {FREQUENCY_LABELS[value]}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      </div>
      <div className="grid gap-3 lg:grid-cols-3">
        {toggle("enableCallRecording", "Call recording", "Calls are recorded")}
        {toggle("enableTranscription", "Transcription", "Calls are transcribed")}
        {toggle("systemMaintenanceMode", "Maintenance mode", "Everyone but administrators is turned away")}
      </div>
      {errors.form ? (
        <p role="alert" className="text-sm text-destructive">
          {errors.form}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? "Saving..." : "Save Configuration"}
        </Button>
      </div>
    </form>
  );
}
