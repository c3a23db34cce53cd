import { createHash } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { NotAllowed, notFound, Unavailable } from "../../domain/errors";
import { nearestStockVoice } from "../../providers/voice/espeak";
import type { VoiceProviders } from "../../providers/voice/index";
import type { SpeechAudio } from "../../providers/voice/types";
import { type ReplyAudioTokens, replyAudioTokens } from "./reply-token";
import type { VoiceProfileRow, VoiceRepository } from "./repository";
import { speechCache } from "./speech-cache";

/** Where a reply's audio is fetched: public, the signed token in the query is the credential. */
export const REPLY_AUDIO_PATH = "/api/voice-replies/audio";

/** A reply's address works this long: the carrier fetches it at once, a browser within seconds. */
export const REPLY_AUDIO_TTL_MS = 5 * 60_000;
/** Longer replies are said with <Say> (and not played in the demos): the words ride in the URL. */
export const MAX_REPLY_CHARS = 1000;
/**
 * How long the audio route waits for a synthesis before the local voice says the words instead:
 * the carrier is waiting on the fetch with the caller listening to silence.
 */
const SYNTHESIS_WAIT_MS = 8000;
/** After the voice service failed for a voice, its replies are said with <Say> this long. */
const FAILED_VOICE_PAUSE_MS = 30_000;
/**
 * In memory rather than on disk: a reply's audio is needed for minutes (the call), a repeated one
 * (the greeting, "Are you still there?") is a hit for as long as the server runs, and a restart
 * costs one synthesis per line. 32 MB is about 2,000 replies of the service's MP3 and is RSS
 * outside the capped JavaScript heap. A disk cache would keep a cloned voice saying callers'
 * details at rest in DATA_DIR, and would still not be shared by a second server (the words in the
 * token let any server synthesise them instead).
 */
const CACHE_LIMITS = { maxBytes: 32 * 1024 * 1024, maxEntries: 2000 };

type Speaker = Pick<VoiceProfileRow, "id" | "workspaceId" | "provider" | "voiceId" | "stockVoice">;

/** Says one reply for the phone: the audio's address (synthesis under way), or null for <Say>. */
export type ReplyPlayer = (text: string) => string | null;

/**
 * The assistant's replies in the workspace's voice: synthesised once per voice and words (the
 * same words in flight are awaited, not asked for again), kept in a bounded cache, and handed out
 * as short-lived signed addresses that the carrier, the simulator and the browser demos fetch.
 */
export function replyAudio(deps: {
  repo: Pick<VoiceRepository, "get">;
  providers: VoiceProviders;
  appSecret: string;
  log: FastifyBaseLogger;
  now?: () => number;
}) {
  const { providers, log } = deps;
  const now = deps.now ?? Date.now;
  const tokens: ReplyAudioTokens = replyAudioTokens(deps.appSecret);
  const cache = speechCache(CACHE_LIMITS);
  const inFlight = new Map<string, Promise<SpeechAudio>>();
  /** When the voice service last failed each cloned voice. */
  const failedAt = new Map<string, number>();

  /** The cloned voice when the service is set up, else the local voice nearest the speaker's. */
  function voiceOf(speaker: Speaker): { key: string; cloned: boolean } {
    return speaker.provider === "elevenlabs" && providers.cloner
      ? { key: `elevenlabs:${speaker.voiceId}`, cloned: true }
      : { key: `espeak:${speaker.stockVoice ?? nearestStockVoice(null)}`, cloned: false };
  }

  function recentlyFailed(voiceKey: string): boolean {
    const at = failedAt.get(voiceKey);
    if (at === undefined) return false;
    if (now() - at < FAILED_VOICE_PAUSE_MS) return true;
    failedAt.delete(voiceKey);
    return false;
  }

  /** The speaker saying the words: from the cache, the synthesis already under way, or a new one. */
  function synthesize(speaker: Speaker, text: string): Promise<SpeechAudio> {
    const voice = voiceOf(speaker);
    // The workspace is part of the key: no workspace's audio is ever another's cache hit.
    const key = createHash("sha256")
      .update(`${speaker.workspaceId}\n${voice.key}\n${text}`)
      .digest("base64url");
    const cached = cache.get(key);
    if (cached) return Promise.resolve(cached);
    const pending = inFlight.get(key);
    if (pending) return pending;
    const cloner = providers.cloner;
    const job = (
      voice.cloned && cloner
        ? cloner.speak(speaker.voiceId, text)
        : providers.stock.speak(speaker.stockVoice ?? nearestStockVoice(null), text)
    )
      .then((speech) => {
        cache.set(key, speech);
        failedAt.delete(voice.key);
        return speech;
      })
      .catch((error: unknown) => {
        if (voice.cloned) {
          if (failedAt.size > 10_000) failedAt.clear();
          failedAt.set(voice.key, now());
        }
        log.warn({ err: error, voice: voice.key }, "a reply could not be synthesised");
        throw error;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, job);
    return job;
  }

  /**
   * The reply's signed address. For the phone its synthesis starts now, so the audio is ready (or
   * nearly) when the carrier fetches it; a demo's starts when the browser asks (a screen that
   * shows the reply without playing it costs nothing).
   */
  function addressOf(speaker: Speaker, text: string, startNow: boolean): string {
    if (startNow) {
      synthesize(speaker, text).catch(() => {
        // Logged in synthesize; the audio route says the words in the local voice instead.
      });
    }
    const token = tokens.create({
      workspaceId: speaker.workspaceId,
      profileId: speaker.id,
      text,
      expiresAt: now() + REPLY_AUDIO_TTL_MS,
    });
    return `${REPLY_AUDIO_PATH}?${new URLSearchParams({ token })}`;
  }

  async function waitAtMost<T>(work: Promise<T>, ms: number): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("the synthesis took too long")), ms);
    });
    try {
      return await Promise.race([work, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    /**
     * The speaker saying the words through the same cache as the calls (Settings' preview): a
     * preview of the greeting is the calls' greeting already made. Rejects when the voice fails.
     */
    speak: synthesize,

    /**
     * For phone calls: a player only for a cloned voice with the voice service set up. Without one
     * the phone keeps Twilio's <Say> (a Polly voice sounds better than the local espeak-ng), and
     * while the service has just failed for this voice, its replies are said with <Say> too.
     */
    phonePlayer(speaker: Speaker): ReplyPlayer | null {
      if (!voiceOf(speaker).cloned) return null;
      return (text) => {
        const words = text.trim();
        if (!words || words.length > MAX_REPLY_CHARS) return null;
        if (recentlyFailed(voiceOf(speaker).key)) return null;
        return addressOf(speaker, words, true);
      };
    },

    /**
     * For the browser demos: the profile's voice, cloned or else the local voice nearest it
     * (espeak-ng, which needs nothing outside the machine). Null for words too long to carry.
     */
    demoAddress(speaker: Speaker, text: string): string | null {
      const words = text.trim();
      if (!words || words.length > MAX_REPLY_CHARS) return null;
      return addressOf(speaker, words, false);
    },

    /**
     * The audio a signed address names. A token this server did not sign is refused
     * (NotAllowed); an expired one, or a profile the workspace no longer has, is NotFound. When
     * the voice service fails (or is too slow), the local voice says the same words: the caller
     * hears the reply either way.
     */
    async serve(token: string): Promise<SpeechAudio> {
      const read = tokens.read(token, now());
      if (!read.ok) {
        if (read.reason === "expired") throw notFound("That reply's audio (its link has expired)");
        throw new NotAllowed("That audio link is not valid");
      }
      const { workspaceId, profileId, text } = read.claim;
      // Read within the token's workspace only: a profile of another workspace is not found.
      const speaker = await deps.repo.get(workspaceId, profileId);
      if (!speaker) throw notFound("That reply's audio");
      try {
        return await waitAtMost(synthesize(speaker, text), SYNTHESIS_WAIT_MS);
      } catch {
        const stockVoice = speaker.stockVoice ?? nearestStockVoice(null);
        try {
          return await providers.stock.speak(stockVoice, text);
        } catch (error) {
          log.warn({ err: error }, "the local voice could not say a reply either");
          throw new Unavailable("The reply's audio cannot be made right now. Please try again.");
        }
      }
    },
  };
}

export type ReplyAudio = ReturnType<typeof replyAudio>;
