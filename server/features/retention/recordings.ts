import { daysAfter, RECORDING_RETENTION_DAYS } from "../../../common/retention";
import type { RecordingDeletion } from "../telephony/business-lines";
import { nextTurn, type RetentionContext } from "./context";

/** Twilio's REST API is asked about this many recordings at once. */
const CARRIER_REQUESTS_AT_ONCE = 4;

type CarrierCounts = Record<RecordingDeletion, number>;
const noCarrierCounts = (): CarrierCounts => ({ deleted: 0, gone: 0, unreachable: 0, failed: 0 });

/** What one sweep deleted: the job's result. */
export type RecordingSweep = {
  /** Audio from calls made before this time was due. */
  cutoff: string;
  calls: {
    /** Calls whose recording's address was dropped (the transcript stays). */
    recordingsForgotten: number;
    /**
     * What Twilio said for each: deleted now, gone already, out of reach (no connection any
     * more, another account), or a passing failure (kept for the next sweep).
     */
    carrier: CarrierCounts;
  };
  voicemails: {
    /** Voicemails whose audio (file and recording) is gone now; the transcription stays. */
    audioDeleted: number;
    filesRemoved: number;
    carrier: CarrierCounts;
  };
};

/**
 * Deletes the audio of calls and voicemails older than RECORDING_RETENTION_DAYS: a call's
 * Twilio recording (through the workspace's Twilio account) and its address on the call; a
 * voicemail's file under DATA_DIR, its Twilio recording, and both references on its row. The
 * transcripts stay. Nothing else keeps call audio: a turn's recorded speech is transcribed
 * from a temporary file removed at once (audio/inspect.ts), and the carrier simulator keeps its
 * recordings in memory for minutes.
 *
 * Idempotent: a sweep finds only audio still referenced, so a second one finds nothing; a
 * recording Twilio could not delete for a passing reason stays referenced for the next sweep.
 * A page of rows at a time, each page a short statement, the event loop free between pages.
 */
export async function sweepRecordings(ctx: RetentionContext, signal?: AbortSignal): Promise<RecordingSweep> {
  const cutoff = daysAfter(ctx.now(), -RECORDING_RETENTION_DAYS);
  const result: RecordingSweep = {
    cutoff: cutoff.toISOString(),
    calls: { recordingsForgotten: 0, carrier: noCarrierCounts() },
    voicemails: { audioDeleted: 0, filesRemoved: 0, carrier: noCarrierCounts() },
  };

  let callCursor: { at: string; id: string } | null = null;
  for (;;) {
    signal?.throwIfAborted();
    const page = await ctx.calls.recordingsBefore(cutoff, callCursor, ctx.batchSize);
    if (page.length === 0) break;
    // Each workspace's Twilio connection read once a page.
    const deleters = new Map<string, Promise<(recording: { url: string }) => Promise<RecordingDeletion>>>();
    const outcomes = await inGroups(page, CARRIER_REQUESTS_AT_ONCE, async (row) => {
      let deleter = deleters.get(row.workspaceId);
      if (!deleter) {
        deleter = ctx.carrier.recordingDeleter(row.workspaceId);
        deleters.set(row.workspaceId, deleter);
      }
      return (await deleter)({ url: row.recordingUrl });
    });
    for (const outcome of outcomes) result.calls.carrier[outcome]++;
    const done = page.filter((_, index) => outcomes[index] !== "failed").map((row) => row.id);
    result.calls.recordingsForgotten += await ctx.calls.forgetRecordings(done);
    const last = page[page.length - 1];
    callCursor = last ? { at: last.at, id: last.id } : null;
    await nextTurn();
  }

  let voicemailCursor: { at: string; id: string } | null = null;
  for (;;) {
    signal?.throwIfAborted();
    const page = await ctx.voicemails.audioBefore(cutoff, voicemailCursor, ctx.batchSize);
    if (page.length === 0) break;
    const outcomes = await inGroups(page, CARRIER_REQUESTS_AT_ONCE, (row) => ctx.voicemails.deleteAudio(row));
    for (const outcome of outcomes) {
      if (outcome.carrier) result.voicemails.carrier[outcome.carrier]++;
      if (outcome.fileRemoved) result.voicemails.filesRemoved++;
      if (!outcome.kept) result.voicemails.audioDeleted++;
    }
    const last = page[page.length - 1];
    voicemailCursor = last ? { at: last.at, id: last.id } : null;
    await nextTurn();
  }

  const forgotten = result.calls.recordingsForgotten + result.voicemails.audioDeleted;
  if (forgotten > 0 || result.calls.carrier.failed + result.voicemails.carrier.failed > 0)
    ctx.log.info({ ...result }, "recordings past their retention period deleted");
  return result;
}

/** `work` for every item, `size` at a time; the answers in the items' order. */
async function inGroups<T, R>(
  items: readonly T[],
  size: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const answers: R[] = [];
  for (let start = 0; start < items.length; start += size)
    answers.push(...(await Promise.all(items.slice(start, start + size).map(work))));
  return answers;
}
