import { type RetentionDeps, retentionContext } from "./context";
import { sweepRecordings } from "./recordings";
import { expireWorkspaces } from "./workspace-expiry";

export type { RetentionDeps } from "./context";
export type { RecordingSweep } from "./recordings";
export type { ExpirySweep } from "./workspace-expiry";

/**
 * What the Terms promise about keeping data, kept (common/retention.ts holds the days): call
 * recordings and voicemail audio deleted after their period (recordings.ts), and a workspace's
 * data deleted a set time after its subscription ended, its owner warned first
 * (workspace-expiry.ts). Each runs as a scheduled job (server/jobs/kinds/retention.ts).
 */
export function retentionService(deps: RetentionDeps) {
  const ctx = retentionContext(deps);
  return {
    sweepRecordings: (signal?: AbortSignal) => sweepRecordings(ctx, signal),
    expireWorkspaces: (signal?: AbortSignal) => expireWorkspaces(ctx, signal),
  };
}

export type RetentionService = ReturnType<typeof retentionService>;
