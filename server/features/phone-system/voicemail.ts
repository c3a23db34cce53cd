import { mkdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Voicemail } from "../../../common/phone-system";
import { withCheckedAudio } from "../../audio/inspect";
import type { Db } from "../../db/client";
import type { Account } from "../../domain/account";
import { DomainError, NotFound, OutsideServiceFailed } from "../../domain/errors";
import type { EventBus } from "../../events/bus";
import type { SpeechToText } from "../../providers/speech";
import type { RecordingDeletion } from "../telephony/business-lines";
import type { TelephonyService } from "../telephony/service";
import { presentVoicemail } from "./presenter";
import { type BusinessNumberRow, businessCallsRepository, type VoicemailRow } from "./repository";

/** Where a workspace's voicemail audio lives, under DATA_DIR (removed with the workspace). */
export const VOICEMAIL_DIR = "voicemails";

/** The audio checks a voicemail's recording passes before the recogniser reads it. */
const VOICEMAIL_AUDIO = {
  maxSeconds: 600,
  noun: "voicemail",
  tooLongAdvice: "A voicemail is at most a few minutes.",
  unreadable: "The voicemail's audio could not be read.",
};

export type VoicemailDeps = {
  db: Db;
  telephony: Pick<TelephonyService, "lineRecording" | "deleteRecording">;
  dataDir: string;
  /** The recogniser as the administrator's transcription switch leaves it; null: none set up. */
  speech: SpeechToText | null;
  events: Pick<EventBus, "publish">;
  /** Queues the transcription job (once per voicemail). */
  queueTranscription(workspaceId: string, voicemailId: string): Promise<void>;
};

/**
 * The voicemail box: a recording the carrier made is stored under DATA_DIR,
 * transcribed through the speech provider in a job, listed, and played only in a session of
 * its workspace.
 */
export function voicemailBox(deps: VoicemailDeps) {
  const repo = businessCallsRepository(deps.db);

  function fileOf(row: Pick<VoicemailRow, "workspaceId" | "id">): string {
    return path.join(VOICEMAIL_DIR, row.workspaceId, `${row.id}.wav`);
  }

  /** Fetches the recording from its carrier and stores it; answers the audio. */
  async function fetchAudio(account: Account, row: VoicemailRow, provider: string): Promise<Buffer> {
    const audio = await deps.telephony.lineRecording(account, provider, row.recordingSid);
    const relative = fileOf(row);
    const absolute = path.join(deps.dataDir, relative);
    await mkdir(path.dirname(absolute), { recursive: true, mode: 0o700 });
    await writeFile(absolute, audio, { mode: 0o600 });
    await repo.updateVoicemail(account.id, row.id, { audioPath: relative });
    return audio;
  }

  async function storedAudio(row: VoicemailRow): Promise<Buffer | null> {
    if (!row.audioPath) return null;
    try {
      return await readFile(path.join(deps.dataDir, row.audioPath));
    } catch {
      // Another server's DATA_DIR, or deleted: fetched again from the carrier.
      return null;
    }
  }

  return {
    /**
     * A caller left a message (the <Record> action). Once per recording: the row, then the
     * audio (a simulator's recording lives in this process only, so it is fetched now; a
     * Twilio recording is fetched by the job), the transcription job, and the notification.
     */
    async receive(
      account: Account,
      number: BusinessNumberRow,
      input: {
        businessCallId: string | null;
        recordingSid: string;
        recordingUrl: string | null;
        from: string;
        extension: string | null;
        duration: number;
      },
    ): Promise<void> {
      const row = await repo.addVoicemail({
        workspaceId: account.id,
        businessNumberId: number.id,
        businessCallId: input.businessCallId,
        recordingSid: input.recordingSid,
        recordingUrl: number.provider === "twilio" ? input.recordingUrl : null,
        fromNumber: input.from,
        extension: input.extension,
        duration: input.duration,
      });
      if (!row) return;
      if (number.provider !== "twilio") {
        try {
          await fetchAudio(account, row, number.provider);
        } catch (error) {
          await repo.updateVoicemail(account.id, row.id, {
            transcriptionStatus: "failed",
            transcriptionError: `The recording could not be fetched: ${(error as Error).message}`,
          });
          deps.events.publish(account.id, {
            type: "voicemail.received",
            voicemailId: row.id,
            from: input.from,
          });
          return;
        }
      }
      await deps.queueTranscription(account.id, row.id);
      deps.events.publish(account.id, { type: "voicemail.received", voicemailId: row.id, from: input.from });
    },

    /**
     * The job: the audio (fetched from Twilio if not stored yet), then the recogniser's words.
     * Throws on a carrier's passing failure so the job retries; `lastAttempt` records why instead.
     */
    async transcribe(account: Account, voicemailId: string, lastAttempt: boolean): Promise<void> {
      const row = await repo.voicemail(account.id, voicemailId);
      if (row?.transcriptionStatus !== "pending") return;
      const fail = async (reason: string) => {
        await repo.updateVoicemail(account.id, row.id, {
          transcriptionStatus: "failed",
          transcriptionError: reason,
        });
        deps.events.publish(account.id, { type: "voicemail.transcribed", voicemailId: row.id });
      };
      let audio = await storedAudio(row);
      if (!audio) {
        try {
          audio = await fetchAudio(account, row, row.recordingUrl ? "twilio" : "simulator");
        } catch (error) {
          if (!lastAttempt) throw error;
          return fail(`The recording could not be fetched: ${(error as Error).message}`);
        }
      }
      if (!deps.speech) return fail("No speech recogniser is set up on this server (SPEECH_PROVIDER)");
      const speech = deps.speech;
      let text: string;
      try {
        text = await withCheckedAudio(audio, "audio/wav", VOICEMAIL_AUDIO, (checked) =>
          speech.transcribe({ ...checked, bytes: audio }),
        );
      } catch (error) {
        if (!lastAttempt && !(error instanceof DomainError)) throw error;
        return fail(`The voicemail could not be transcribed: ${(error as Error).message}`);
      }
      await repo.updateVoicemail(account.id, row.id, {
        transcription: text.trim(),
        transcriptionStatus: "done",
      });
      deps.events.publish(account.id, { type: "voicemail.transcribed", voicemailId: row.id });
    },

    /** Voicemails left before `before` whose audio is still kept, a page at a time (their retention). */
    audioBefore: (before: Date, cursor: { at: string; id: string } | null, limit: number) =>
      repo.voicemailAudioBefore(before, cursor, limit),

    /**
     * Deletes a voicemail's audio past its retention period: the recording at Twilio, then the
     * file under DATA_DIR, then the row's references to both. The transcription stays. A
     * passing failure at Twilio leaves everything as it was, for the next sweep.
     */
    async deleteAudio(
      row: VoicemailRow,
    ): Promise<{ carrier: RecordingDeletion | null; fileRemoved: boolean; kept: boolean }> {
      const carrier = row.recordingUrl
        ? await deps.telephony.deleteRecording(row.workspaceId, { recordingSid: row.recordingSid })
        : null;
      if (carrier === "failed") return { carrier, fileRemoved: false, kept: true };
      let fileRemoved = false;
      if (row.audioPath) {
        // Only our own file name for this voicemail, never a path read from the row.
        const file = path.join(deps.dataDir, fileOf(row));
        fileRemoved = await stat(file).then(
          () => true,
          () => false,
        );
        await rm(file, { force: true });
      }
      await repo.updateVoicemail(row.workspaceId, row.id, {
        audioPath: null,
        recordingUrl: null,
        // A transcription still waiting has nothing left to read.
        ...(row.transcriptionStatus === "pending"
          ? {
              transcriptionStatus: "failed",
              transcriptionError: "The recording was deleted after its retention period",
            }
          : {}),
      });
      return { carrier, fileRemoved, kept: false };
    },

    async list(
      account: Account,
      query: { limit: number; numberId?: string | undefined },
    ): Promise<Voicemail[]> {
      const rows = await repo.voicemails(account.id, query);
      return rows.map((r) => presentVoicemail(r.voicemail, r.number));
    },

    /** The voicemail's audio for a person of its workspace (a foreign id is 404); marks it heard. */
    async audio(account: Account, id: string) {
      const row = await repo.voicemail(account.id, id);
      if (!row) throw new NotFound("That voicemail was not found");
      let audio = await storedAudio(row);
      if (!audio && row.recordingUrl) {
        try {
          audio = await fetchAudio(account, row, "twilio");
        } catch (error) {
          throw new OutsideServiceFailed(`The recording could not be fetched: ${(error as Error).message}`);
        }
      }
      if (!audio) throw new NotFound("This voicemail's audio is no longer stored");
      if (!row.listenedAt) await repo.updateVoicemail(account.id, row.id, { listenedAt: new Date() });
      return audio;
    },
  };
}

export type VoicemailBox = ReturnType<typeof voicemailBox>;
