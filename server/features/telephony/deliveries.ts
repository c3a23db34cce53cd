import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import { Conflict } from "../../domain/errors";
import type { TelephonyRepository } from "./repository";
import { SAYINGS, sayAndHangUp, waitForTurn } from "./twiml";
import type { Voices } from "./voices";

const WAIT_POLL_MS = 100;

export type Deliveries = ReturnType<typeof deliveries>;

/**
 * Once-only handling of the carrier's deliveries: a retried delivery (the same CallSid and
 * step) gets the same answer, stored with the delivery's key (telephony_webhook_events). Twilio
 * waits 15 s for TwiML; a caller's turn is answered within the turn deadline and, when slower,
 * finished after the webhook has answered "pause, then ask again".
 */
export function deliveries(
  repo: TelephonyRepository,
  config: Config,
  log: FastifyBaseLogger,
  speech: Voices,
) {
  /** The answer stored for a delivery, looked for up to waitMs; null when there is none yet. */
  async function storedAnswer(key: string, waitMs: number): Promise<string | null> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const answer = await repo.answered(key);
      if (typeof answer === "string") return answer;
      if (Date.now() >= deadline) return null;
      await sleep(WAIT_POLL_MS);
    }
  }

  return {
    storedAnswer,

    /** Does `work` once per key; a repeat gets the first answer, or `pending` while it is not ready. */
    async once(key: string, work: () => Promise<string>, pending: () => string): Promise<string> {
      if (!(await repo.claim(key)))
        return (await storedAnswer(key, config.telephony.turnDeadlineMs)) ?? pending();
      try {
        const answer = await work();
        await repo.saveAnswer(key, answer);
        return answer;
      } catch (error) {
        await repo.release(key);
        throw error;
      }
    },

    /**
     * A caller's turn, answered within the deadline: when the turn takes longer (a remote language
     * model), the webhook answers "pause, then ask again" and the turn's TwiML is stored when ready.
     */
    async turnWithDeadline(key: string, work: () => Promise<string>, callId: string, turn: number) {
      if (!(await repo.claim(key)))
        return (await storedAnswer(key, config.telephony.turnDeadlineMs)) ?? waitForTurn(callId, turn, 1);
      const job = work()
        .catch((error: unknown) => {
          if (error instanceof Conflict) return sayAndHangUp(speech.plain(), null);
          log.error({ err: error, callId }, "a caller's turn failed");
          return sayAndHangUp(speech.plain(), SAYINGS.sorry);
        })
        .then(async (answer) => {
          await repo.saveAnswer(key, answer);
          return answer;
        });
      const first = await Promise.race([job, sleep(config.telephony.turnDeadlineMs).then(() => null)]);
      return first ?? waitForTurn(callId, turn, 1);
    },
  };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
