import type { AccountLoader } from "../../domain/account";
import type { VoicemailBox } from "../../features/phone-system/voicemail";
import type { JobKind, JobQueue } from "../types";

export type VoicemailTranscriptionPayload = { voicemailId: string };

const RETRY_LIMIT = 3;

/**
 * A voicemail's words: the recording fetched from the carrier if it is not
 * stored yet, then read by the speech provider. A carrier's passing failure retries; the last
 * attempt records why on the voicemail instead, which then shows as failed.
 */
export function defineVoicemailTranscription(
  jobs: JobQueue,
  deps: { accounts: AccountLoader; voicemails: () => VoicemailBox },
): JobKind<VoicemailTranscriptionPayload> {
  return jobs.define<VoicemailTranscriptionPayload>(
    "phone-system.voicemail-transcription",
    async ({ payload, workspaceId, attempt }) => {
      if (!workspaceId) throw new Error("A voicemail belongs to a workspace");
      const account = await deps.accounts.load(workspaceId);
      if (!account) return;
      await deps.voicemails().transcribe(account, payload.voicemailId, attempt > RETRY_LIMIT);
    },
    { retryLimit: RETRY_LIMIT, retryBackoff: 5_000, concurrency: 1 },
  );
}
