import { randomInt } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { parsePhoneNumberFromString } from "libphonenumber-js";
import {
  concurrentCallLimit,
  concurrentLimitMessage,
  type TelephonyState,
  type TwilioTestResult,
  UNLIMITED_CALLS,
} from "../../../common/telephony";
import type { Config } from "../../config";
import { derivedToken, secretBox } from "../../crypto/secret-box";
import type { Db } from "../../db/client";
import { normalizePhone } from "../../engine";
import { callPurposeSentence } from "../../engine/call-purpose";
import type { EventBus } from "../../events/bus";
import type { Account, AccountLoader } from "../../http/account";
import { conflict, forbidden, HttpError, notFound, paymentRequired, tooMany } from "../../http/errors";
import { type CarrierDelivery, CarrierSimulator } from "../../providers/telephony/simulator";
import { twilioProvider, validTwilioSignature } from "../../providers/telephony/twilio";
import { CarrierError, type TelephonyProvider } from "../../providers/telephony/types";
import type { CallControlEvent, CallService } from "../calls/service";
import { type ConnectionRow, type TelephonyRepository, telephonyRepository } from "./repository";
import {
  dialUser,
  empty,
  holdMusic,
  reject,
  type Speech,
  sayAndHangUp,
  speakAndListen,
  twilioVoice,
  WEBHOOK_PATHS,
  waitForTurn,
} from "./twiml";

/** A webhook as it arrived: the address Twilio signed, its signature, and the form parameters. */
export type WebhookRequest = { url: string; signature: string | undefined; params: Record<string, string> };

type CallRow = NonNullable<Awaited<ReturnType<CallService["findForCarrier"]>>>;
type CallContext = { call: CallRow; account: Account; connection: ConnectionRow | null };

/** Twilio waits 15 s for TwiML; we answer well inside a second and finish slow turns after. */
/** How long a "wait" request looks for the finished turn before asking the carrier to come back. */
const WAIT_WINDOW_MS = 300;
const WAIT_POLL_MS = 100;
const VOICE_CACHE_MS = 5000;
const MAX_WAITS = 15;
/** Calls a carrier carries (system-test calls too, though they do not count against the plan). */
/** Call types that a carrier brings and that count against the plan's concurrent calls. */
export const PHONE_CALL_TYPES = ["twilio", "simulator"] as const;
const CARRIER_CALL_TYPES = new Set<string>([...PHONE_CALL_TYPES, "system_test"]);
const SIMULATOR_ACCOUNT_SID = "ACsimulator0000000000000000000000";
/** Relative TwiML and simulator URLs resolve against this when PUBLIC_URL is not set. */
const LOCAL_BASE = "http://localhost";

const SORRY = "I'm sorry, I'm having trouble right now. Please call again later. Goodbye.";
const STILL_THERE = "Are you still there?";
const SILENT_GOODBYE = "I haven't heard anything, so I'll end the call now. Goodbye.";
const HOLD_RESUMED = "Thank you for holding.";
const TRANSFERRING = "Please hold while I put you through.";
const NOBODY = "I'm sorry, nobody can take your call right now. I've passed your message on. Goodbye.";

export type TelephonyDeps = {
  db: Db;
  config: Config;
  calls: CallService;
  events: EventBus;
  log: FastifyBaseLogger;
  /** The plan's monthly limits: past them a call is answered with an apology, not screened. */
  usage?: {
    callStop(account: Account): Promise<{ message: string } | null>;
    limitReply(account: Account): Promise<string>;
  };
  appSecret: string;
  /** How the built-in carrier reaches the app's webhooks (app.inject in the server). */
  deliver: CarrierDelivery;
  /** The workspace a webhook's call or number belongs to, as an Account (no person acting). */
  accounts: AccountLoader;
  /** The workspace's chosen voice (the voice area's). */
  voices: {
    activeVoice(workspaceId: string): Promise<{ stockVoice: string | null; voiceName: string } | undefined>;
  };
  /** The assistant's settings: auto-block and the outbound call's purpose. */
  settings: { row(workspaceId: string): Promise<{ autoBlockSpam: boolean; callPurpose: string | null }> };
};

export function telephonyService(deps: TelephonyDeps) {
  const { db, config, calls, log } = deps;
  const repo = telephonyRepository(db);
  const tokens = secretBox(deps.appSecret, "telephony-auth-token");
  const simulatorToken = derivedToken(deps.appSecret, "carrier-simulator");
  const baseUrl = config.publicUrl ?? LOCAL_BASE;
  const simulator = new CarrierSimulator({
    accountSid: SIMULATOR_ACCOUNT_SID,
    token: simulatorToken,
    baseUrl,
    deliver: deps.deliver,
    timeScale: config.telephony.simulatorTimeScale,
    log,
  });

  // --- carriers and credentials ----------------------------------------------------------------

  function twilioFor(connection: ConnectionRow): TelephonyProvider {
    return twilioProvider(
      { accountSid: connection.accountSid, authToken: tokens.open(connection.authTokenEncrypted) },
      { apiBaseUrl: config.telephony.twilioApiBaseUrl },
    );
  }

  function providerForCall(ctx: Pick<CallContext, "call" | "connection">): TelephonyProvider | null {
    if (ctx.call.callType === "twilio") return ctx.connection ? twilioFor(ctx.connection) : null;
    return simulator.asProvider();
  }

  /** The secret a call's webhooks are signed with: its Twilio account's token, or the simulator's. */
  function tokenForCall(ctx: Pick<CallContext, "call" | "connection">): string | null {
    if (ctx.call.callType === "twilio")
      return ctx.connection ? tokens.open(ctx.connection.authTokenEncrypted) : null;
    return simulatorToken;
  }

  function verify(request: WebhookRequest, token: string | null, connection?: ConnectionRow | null): void {
    if (!token || !validTwilioSignature(token, request.signature, request.url, request.params))
      throw forbidden("The X-Twilio-Signature does not match this request");
    // A Twilio account's webhooks carry its SID; another account's valid signature proves nothing here.
    if (connection && request.params.AccountSid !== connection.accountSid)
      throw forbidden("The X-Twilio-Signature does not match this request");
  }

  /**
   * A webhook in the simulator's name is proven against the simulator's token before anything is
   * looked up by its fields. (A Twilio webhook is signed with its own account's token, so that
   * account is found first, by fields the route's schema has already checked, and proven next.)
   */
  function verifySimulatorFirst(request: WebhookRequest): void {
    if (request.params.AccountSid === SIMULATOR_ACCOUNT_SID) verify(request, simulatorToken);
  }

  /** Finds the call a webhook is about (by the carrier's SID, else by our id in its address) and checks its signature. */
  async function callContext(request: WebhookRequest, callId?: string): Promise<CallContext> {
    verifySimulatorFirst(request);
    const sid = request.params.CallSid;
    const call = await calls.findForCarrier(sid, callId);
    if (!call || (callId && call.id !== callId))
      throw forbidden("The X-Twilio-Signature does not match this request");
    const found = { call, connection: (await repo.connection(call.workspaceId)) ?? null };
    verify(request, tokenForCall(found), found.call.callType === "twilio" ? found.connection : null);
    if (sid && found.call.providerCallSid && found.call.providerCallSid !== sid)
      throw forbidden("The X-Twilio-Signature does not match this request");
    // Only a proven webhook gets as far as the workspace's details.
    const account = await deps.accounts.load(found.call.workspaceId);
    if (!account) throw forbidden("The X-Twilio-Signature does not match this request");
    const ctx: CallContext = { ...found, account };
    if (sid && !ctx.call.providerCallSid) {
      await calls.setProviderSid(ctx.account, ctx.call.id, sid);
      ctx.call = { ...ctx.call, providerCallSid: sid };
    }
    return ctx;
  }

  /**
   * The account's voice, read at most every few seconds per account: every TwiML answer needs
   * it, and a voice chosen in Settings a moment ago may wait for the next webhook or two.
   */
  const voices = new Map<string, { speech: Speech; until: number }>();
  async function speechFor(workspaceId: string): Promise<Speech> {
    const cached = voices.get(workspaceId);
    if (cached && cached.until > Date.now()) return cached.speech;
    const speech: Speech = {
      voice: twilioVoice(await deps.voices.activeVoice(workspaceId), config.telephony.defaultVoice),
      language: "en-US",
    };
    if (voices.size > 10_000) voices.clear();
    voices.set(workspaceId, { speech, until: Date.now() + VOICE_CACHE_MS });
    return speech;
  }

  // --- idempotency: a retried delivery (same CallSid and step) gets the same answer --------------

  async function storedAnswer(key: string, waitMs: number): Promise<string | null> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      const answer = await repo.answered(key);
      if (typeof answer === "string") return answer;
      if (Date.now() >= deadline) return null;
      await sleep(WAIT_POLL_MS);
    }
  }

  async function once(key: string, work: () => Promise<string>, pending: () => string): Promise<string> {
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
  }

  /**
   * A caller's turn, answered within the deadline: when the turn takes longer (a remote language
   * model), the webhook answers "pause, then ask again" and the turn's TwiML is stored when ready.
   */
  async function turnWithDeadline(key: string, work: () => Promise<string>, callId: string, turn: number) {
    if (!(await repo.claim(key)))
      return (await storedAnswer(key, config.telephony.turnDeadlineMs)) ?? waitForTurn(callId, turn, 1);
    const job = work()
      .catch((error: unknown) => {
        if (error instanceof HttpError && error.statusCode === 409) return sayAndHangUp(plainSpeech(), null);
        log.error({ err: error, callId }, "a caller's turn failed");
        return sayAndHangUp(plainSpeech(), SORRY);
      })
      .then(async (answer) => {
        await repo.saveAnswer(key, answer);
        return answer;
      });
    const first = await Promise.race([job, sleep(config.telephony.turnDeadlineMs).then(() => null)]);
    return first ?? waitForTurn(callId, turn, 1);
  }

  function plainSpeech(): Speech {
    return { voice: config.telephony.defaultVoice, language: "en-US" };
  }

  // --- admission: concurrent calls by plan ------------------------------------------------------

  function admitPhoneCall(account: Account): ((tx: Db) => Promise<void>) | undefined {
    const { limit, planName } = concurrentCallLimit(account.planType);
    if (limit === UNLIMITED_CALLS) return undefined;
    return async (tx) => {
      const live = await calls.countLiveIn(tx, account.id, PHONE_CALL_TYPES);
      if (live >= limit) throw tooMany(concurrentLimitMessage(planName, limit));
    };
  }

  // --- webhooks -------------------------------------------------------------------------------

  async function answerKnownCall(ctx: CallContext, sid: string): Promise<string> {
    const { call, account } = ctx;
    const speech = await speechFor(account.id);
    if (!call.isActive) return sayAndHangUp(speech, null);
    const record = call.callType === "twilio";
    if (call.status === "ringing") {
      const { row, greeting } = await calls.answerCarrierCall(account, call.id, { providerCallSid: sid });
      return speakAndListen(speech, greeting, call.id, nextTurn(row), { record });
    }
    return speakAndListen(speech, null, call.id, nextTurn(call));
  }

  async function answerInbound(
    route: NonNullable<Awaited<ReturnType<TelephonyRepository["routeNumber"]>>>,
    sid: string,
    params: Record<string, string>,
  ): Promise<string> {
    const account = await deps.accounts.load(route.number.workspaceId);
    if (!account) return sayAndHangUp(await speechFor(route.number.workspaceId), NOBODY);
    const callType = route.number.provider === "twilio" ? "twilio" : "simulator";
    const base = {
      phoneNumber: params.From || "anonymous",
      callerName: params.CallerName || null,
      direction: "inbound" as const,
      callType,
      providerCallSid: sid,
    };
    const stop = await deps.usage?.callStop(account);
    if (stop) {
      const { row } = await calls.startCarrierCall(account, { ...base, answered: false });
      await calls.endCarrierCall(account, row.id, {
        status: "missed",
        line: `System: Not screened. ${stop.message}`,
      });
      return sayAndHangUp(
        await speechFor(account.id),
        await (deps.usage as NonNullable<TelephonyDeps["usage"]>).limitReply(account),
      );
    }
    const screening = await screeningOf(account, base.phoneNumber);
    if (screening.blocked && screening.autoBlockSpam) {
      const { row } = await calls.startCarrierCall(account, { ...base, answered: false });
      await calls.endCarrierCall(account, row.id, {
        status: "blocked",
        classification: "spam",
        line: "System: Rejected: this number is on your block list",
      });
      return reject("rejected");
    }
    try {
      const { row, greeting } = await calls.startCarrierCall(
        account,
        { ...base, answered: true },
        admitPhoneCall(account),
      );
      return speakAndListen(await speechFor(account.id), greeting, row.id, 1, {
        record: callType === "twilio",
      });
    } catch (error) {
      if (!(error instanceof HttpError && error.statusCode === 429)) throw error;
      // Over the plan's concurrent calls: refused before answering, and History says why.
      const { row } = await calls.startCarrierCall(account, { ...base, answered: false });
      await calls.endCarrierCall(account, row.id, {
        status: "missed",
        line: `System: Refused: ${error.message}`,
      });
      return reject("busy");
    }
  }

  async function speakTurn(ctx: CallContext, text: string): Promise<string> {
    const { call, account } = ctx;
    const speech = await speechFor(account.id);
    if (!call.isActive) return sayAndHangUp(speech, null);
    if (call.isOnHold) return holdMusic(config.telephony.holdMusicUrl);
    // Twilio recognised the speech: no transcription of ours is used.
    const result = await calls.hear(account, call.id, text, { transcribed: false });
    const row = result.call;
    if (!row.isActive) return sayAndHangUp(speech, result.reply);
    const forwarded = row.transferredAt && !call.transferredAt;
    if (forwarded && account.owner.cellphoneNumber)
      return dialUser(speech, result.reply, account.owner.cellphoneNumber, row.id);
    return speakAndListen(speech, result.reply, row.id, nextTurn(row));
  }

  async function silentTurn(ctx: CallContext, turn: number, silence: number): Promise<string> {
    const { call, account } = ctx;
    const speech = await speechFor(account.id);
    if (!call.isActive) return sayAndHangUp(speech, null);
    if (call.isOnHold) return holdMusic(config.telephony.holdMusicUrl);
    if (silence < 2) return speakAndListen(speech, STILL_THERE, call.id, turn, { silence });
    await calls.endCarrierCall(account, call.id, {
      status: "completed",
      line: "System: The caller stopped answering",
    });
    return sayAndHangUp(speech, SILENT_GOODBYE);
  }

  // --- the user acts on a live phone call from the screen ---------------------------------------

  async function control(event: CallControlEvent): Promise<void> {
    const sid = event.call.providerCallSid;
    if (!sid || !CARRIER_CALL_TYPES.has(event.call.callType)) return;
    const ctx: CallContext = {
      call: event.call,
      account: event.account,
      connection: (await repo.connection(event.call.workspaceId)) ?? null,
    };
    const provider = providerForCall(ctx);
    if (!provider) return;
    const speech = await speechFor(ctx.account.id);
    const call = ctx.call;
    let update: Parameters<TelephonyProvider["updateCall"]>[1];
    switch (event.type) {
      case "hold":
        update = { twiml: holdMusic(config.telephony.holdMusicUrl) };
        break;
      case "resume":
        update = { twiml: speakAndListen(speech, HOLD_RESUMED, call.id, nextTurn(call)) };
        break;
      case "transfer":
        // Transfer cannot be undone, and a second click must not dial twice.
        if (!(await repo.claim(`${sid}:control:transfer`))) return;
        {
          // "Transfer to Me": the phone of the person who pressed it, else the owner's.
          const to = ctx.account.actor?.cellphoneNumber ?? ctx.account.owner.cellphoneNumber;
          update = { twiml: to ? dialUser(speech, TRANSFERRING, to, call.id) : sayAndHangUp(speech, NOBODY) };
        }
        break;
      case "end":
        update = { status: "completed" };
        break;
    }
    try {
      await provider.updateCall(sid, update);
    } catch (error) {
      log.warn(
        { err: error, callSid: sid, action: event.type },
        "the carrier did not take the live-call update",
      );
    }
  }
  const unsubscribe = calls.onCallControl((event) => {
    control(event).catch((error: unknown) => log.error({ err: error }, "live-call update failed"));
  });

  // --- numbers --------------------------------------------------------------------------------

  async function ensureSimulatorNumber(userId: string): Promise<string> {
    const existing = (await repo.numbers(userId)).find((n) => n.provider === "simulator");
    if (existing) return existing.number;
    for (let attempt = 0; attempt < 50; attempt++) {
      // 555-0100 to 555-0199 is the range set aside for fiction: these never ring a real phone.
      const number = `+1${randomInt(201, 990)}55501${String(randomInt(0, 100)).padStart(2, "0")}`;
      if (await repo.addSimulatorNumber(userId, number)) return number;
      const mine = (await repo.numbers(userId)).find((n) => n.provider === "simulator");
      if (mine) return mine.number;
    }
    throw new Error("no free simulator number");
  }

  async function state(account: Account): Promise<TelephonyState> {
    const [connection, numbers, simulatorNumber, active] = await Promise.all([
      repo.connection(account.id),
      repo.numbers(account.id),
      ensureSimulatorNumber(account.id),
      calls.countLive(account, PHONE_CALL_TYPES),
    ]);
    const twilioNumber = numbers.find((n) => n.provider === "twilio")?.number ?? null;
    const { limit, planName } = concurrentCallLimit(account.planType);
    let hint = "";
    if (connection) {
      try {
        hint = `••••${tokens.open(connection.authTokenEncrypted).slice(-4)}`;
      } catch {
        hint = "(sealed under another APP_SECRET: enter it again)";
      }
    }
    return {
      provider: connection ? "twilio" : "simulator",
      twilio: connection
        ? {
            accountSid: connection.accountSid,
            authTokenHint: hint,
            phoneNumber: twilioNumber,
            status: connection.status,
            connectedAt: connection.connectedAt.toISOString(),
            lastCheckedAt: connection.lastCheckedAt?.toISOString() ?? null,
          }
        : null,
      simulatorNumber,
      webhooks: {
        voiceUrl: `${config.publicUrl ?? ""}${WEBHOOK_PATHS.voice}`,
        statusCallbackUrl: `${config.publicUrl ?? ""}${WEBHOOK_PATHS.status}`,
        publicUrlConfigured: Boolean(config.publicUrl),
      },
      concurrentCalls: { limit, active, planName },
      cellphoneNumber: account.owner.cellphoneNumber,
    };
  }

  async function assertNumberFree(workspaceId: string, number: string): Promise<void> {
    const owner = await repo.numberOwner(number);
    if (owner && owner.workspaceId !== workspaceId)
      throw conflict("That number is already connected to another account");
    if (owner && owner.provider === "simulator")
      throw conflict("That is your simulator number, not a Twilio number");
  }

  return {
    simulator,
    ensureSimulatorNumber,
    state,

    async connectTwilio(
      account: Account,
      input: { accountSid: string; authToken: string; phoneNumber: string },
    ) {
      await assertNumberFree(account.id, input.phoneNumber);
      await repo.saveTwilio(account.id, {
        accountSid: input.accountSid,
        authTokenEncrypted: tokens.seal(input.authToken),
        phoneNumber: input.phoneNumber,
      });
      return state(account);
    },

    async chooseTwilioNumber(account: Account, phoneNumber: string) {
      if (!(await repo.connection(account.id))) throw notFound("A Twilio connection");
      await assertNumberFree(account.id, phoneNumber);
      await repo.setTwilioNumber(account.id, phoneNumber);
      return state(account);
    },

    async disconnectTwilio(account: Account) {
      await repo.deleteTwilio(account.id);
      return state(account);
    },

    /** Asks Twilio whether the credentials work and the number is theirs; lists the account's numbers. */
    async testTwilio(account: Account, at: Date): Promise<TwilioTestResult> {
      const connection = await repo.connection(account.id);
      if (!connection) throw notFound("A Twilio connection");
      const number = (await repo.numbers(account.id)).find((n) => n.provider === "twilio")?.number ?? null;
      let result: TwilioTestResult;
      try {
        const account = await twilioFor(connection).verify();
        const owns = number !== null && account.numbers.some((n) => n.phoneNumber === number);
        const active = account.status === "active";
        const numberLine = owns
          ? `${number} is a voice number on this account.`
          : `${number ?? "Your number"} is not a voice number on this account: choose one below.`;
        result = {
          ok: owns && active,
          message: `Connected to Twilio account "${account.friendlyName}"${active ? "" : ` (status ${account.status})`}. ${numberLine}`,
          numbers: account.numbers.map((n) => ({ phoneNumber: n.phoneNumber, friendlyName: n.friendlyName })),
        };
      } catch (error) {
        const refused =
          error instanceof CarrierError &&
          (error.status === 401 || error.status === 403 || error.status === 404);
        result = {
          ok: false,
          message: refused
            ? "Twilio refused these credentials. Check the Account SID and Auth Token on your Twilio console."
            : `Twilio could not be reached: ${(error as Error).message}`,
          numbers: [],
        };
      }
      await repo.markChecked(account.id, result.ok ? "connected" : "error", at);
      return result;
    },

    /** A simulated incoming call to the account's simulator number, the caller speaking `script`. */
    async simulateInbound(
      account: Account,
      input: { from: string; callerName?: string | undefined; script: string[] },
    ) {
      const to = await ensureSimulatorNumber(account.id);
      const callSid = simulator.ringInbound({
        from: toE164(input.from),
        to,
        callerName: input.callerName,
        party: { script: input.script.map((text) => ({ text, delayMs: 2500 })) },
        voiceUrl: WEBHOOK_PATHS.voice,
        statusCallback: WEBHOOK_PATHS.status,
        ringMs: 1000,
      });
      return { callSid, to };
    },

    /**
     * An outbound call: through the account's Twilio number when connected, else the simulator.
     * The call row exists first (so the carrier's callbacks find it), then the carrier is asked.
     */
    /**
     * Places an outbound call. `dialKey` (a background job's key for this call) makes it once
     * only: a call already placed under the key is answered again instead of dialling twice.
     */
    async placeOutbound(
      account: Account,
      input: { phoneNumber: string; purpose?: string | undefined; dialKey?: string | undefined },
    ) {
      const to = toE164(input.phoneNumber);
      if (input.dialKey) {
        const placed = await calls.findByDialKey(account, input.dialKey);
        if (placed)
          return {
            callId: placed.id,
            callSid: placed.providerCallSid ?? placed.id,
            to,
            provider: placed.callType,
          };
      }
      const connection = await repo.connection(account.id);
      let provider: TelephonyProvider;
      let from: string;
      if (connection) {
        if (!config.publicUrl)
          throw conflict(
            "Set PUBLIC_URL to this app's public address so Twilio can reach it, then try again",
          );
        const number = (await repo.numbers(account.id)).find((n) => n.provider === "twilio")?.number;
        if (!number) throw conflict("Choose your Twilio number in Settings → Phone service first");
        provider = twilioFor(connection);
        from = number;
      } else {
        provider = simulator.asProvider();
        from = await ensureSimulatorNumber(account.id);
      }
      const stop = await deps.usage?.callStop(account);
      if (stop) throw paymentRequired(stop.message);
      const opening = await outboundOpening(account, input.purpose);
      const { row } = await calls.startCarrierCall(
        account,
        {
          phoneNumber: to,
          direction: "outbound",
          callType: provider.name,
          providerCallSid: null,
          answered: false,
          opening,
          dialKey: input.dialKey ?? null,
        },
        admitPhoneCall(account),
      );
      const query = `?callId=${row.id}`;
      try {
        const { callSid } = await provider.placeCall({
          to,
          from,
          url: `${baseUrl}${WEBHOOK_PATHS.voice}${query}`,
          statusCallback: `${baseUrl}${WEBHOOK_PATHS.status}${query}`,
        });
        await calls.setProviderSid(account, row.id, callSid);
        return { callId: row.id, callSid, to, provider: provider.name };
      } catch (error) {
        const message = error instanceof Error ? error.message : "Unknown error";
        await calls.endCarrierCall(account, row.id, {
          status: "failed",
          line: `System: The call could not be placed: ${message}`,
        });
        throw new HttpError(502, `The call could not be placed: ${message}`);
      }
    },

    /** The account's live carrier calls, for the active-calls list. */
    async activeCalls(account: Account, at: Date) {
      const rows = await calls.liveCarrierCalls(account);
      return rows.map((row) => ({
        callSid: row.providerCallSid ?? row.id,
        callId: row.id,
        phoneNumber: row.phoneNumber,
        duration:
          row.status === "ringing"
            ? 0
            : Math.max(0, Math.round((at.getTime() - row.startTime.getTime()) / 1000)),
        status: VOICE_STATUS[row.status] ?? row.status.replace(/_/g, "-"),
        direction: row.direction,
        provider: row.callType === "twilio" ? "twilio" : "simulator",
      }));
    },

    // --- the webhooks (public routes; each proves itself with the account's signature) ----------

    async voice(request: WebhookRequest, callId: string | undefined): Promise<string> {
      const sid = request.params.CallSid;
      if (!sid) throw forbidden("The X-Twilio-Signature does not match this request");
      verifySimulatorFirst(request);
      const known = await calls.findForCarrier(sid, callId);
      if (known) {
        const ctx = await callContext(request, known.id);
        return once(
          `${sid}:voice`,
          () => answerKnownCall(ctx, sid),
          () => empty(),
        );
      }
      const to = toE164OrNull(request.params.To ?? "");
      const route = to ? await repo.routeNumber(to) : undefined;
      if (!route) throw forbidden("The X-Twilio-Signature does not match this request");
      const twilio = route.number.provider === "twilio";
      const token = twilio
        ? route.connection
          ? tokens.open(route.connection.authTokenEncrypted)
          : null
        : simulatorToken;
      verify(request, token, twilio ? route.connection : null);
      return once(
        `${sid}:voice`,
        () => answerInbound(route, sid, request.params),
        () => empty(),
      );
    },

    async gather(
      request: WebhookRequest,
      callId: string,
      query: { turn: number; silence?: number | undefined; wait?: number | undefined },
    ): Promise<string> {
      const ctx = await callContext(request, callId);
      const sid = ctx.call.providerCallSid as string;
      const key = `${sid}:gather:${query.turn}`;
      if (query.wait) {
        const answer = await storedAnswer(key, WAIT_WINDOW_MS);
        if (answer) return answer;
        return query.wait < MAX_WAITS
          ? waitForTurn(callId, query.turn, query.wait + 1)
          : sayAndHangUp(plainSpeech(), SORRY);
      }
      const text = (request.params.SpeechResult ?? "").trim();
      if (!text) {
        const silence = query.silence ?? 1;
        return once(
          `${key}:silence:${silence}`,
          () => silentTurn(ctx, query.turn, silence),
          () => empty(),
        );
      }
      return turnWithDeadline(key, () => speakTurn(ctx, text), callId, query.turn);
    },

    /** After <Dial> to the user's cellphone: it was answered (the call ends with it) or not. */
    async dial(request: WebhookRequest, callId: string): Promise<string> {
      const ctx = await callContext(request, callId);
      const sid = ctx.call.providerCallSid as string;
      const status = request.params.DialCallStatus ?? "completed";
      return once(
        `${sid}:dial:${request.params.DialCallSid ?? status}`,
        async () => {
          if (status === "completed" || status === "answered") return sayAndHangUp(plainSpeech(), null);
          return sayAndHangUp(await speechFor(ctx.account.id), NOBODY);
        },
        () => empty(),
      );
    },

    async status(request: WebhookRequest, callId: string | undefined): Promise<void> {
      const ctx = await callContext(request, callId);
      const sid = ctx.call.providerCallSid as string;
      const callStatus = request.params.CallStatus ?? "";
      const ending = CARRIER_ENDINGS[callStatus];
      if (!ending) return;
      await once(
        `${sid}:status:${callStatus}`,
        async () => {
          const duration = Number.parseInt(request.params.CallDuration ?? "", 10);
          await calls.endCarrierCall(ctx.account, ctx.call.id, {
            status: ending.status,
            line: ending.line,
            duration: Number.isFinite(duration) && duration >= 0 ? duration : undefined,
            countUsage: ctx.call.callType !== "system_test",
          });
          return "";
        },
        () => "",
      );
    },

    async recording(request: WebhookRequest): Promise<void> {
      const ctx = await callContext(request);
      const sid = ctx.call.providerCallSid as string;
      const url = request.params.RecordingUrl;
      const recordingStatus = request.params.RecordingStatus ?? "completed";
      if (!url || recordingStatus !== "completed") return;
      await once(
        `${sid}:recording:${request.params.RecordingSid ?? url}`,
        async () => {
          await calls.setRecording(ctx.account, ctx.call.id, url);
          return "";
        },
        () => "",
      );
    },

    prune: (before: Date) => repo.pruneWebhookEvents(before),

    /**
     * The built-in carrier lives in this process, so the calls it was carrying when the process
     * died were cut off with it; left live, they would hold the plan's lines until the idle sweep.
     * Run at start on the embedded database, where this process is the only server: every live
     * simulated call it is not carrying ends, as a carrier reports a dropped call.
     */
    async endCallsCutOffByRestart(): Promise<number> {
      const live = await calls.liveOfTypesAnywhere(["simulator", "system_test"]);
      let ended = 0;
      for (const call of live) {
        if (call.providerCallSid && simulator.isCarrying(call.providerCallSid)) continue;
        const account = await deps.accounts.load(call.workspaceId);
        if (!account) continue;
        await calls.endCarrierCall(account, call.id, {
          status: "failed",
          line: "System: The call was cut off when the server restarted",
        });
        ended++;
      }
      return ended;
    },

    close(): void {
      unsubscribe();
      simulator.stop();
    },
  };

  /** What decides a call before it is answered: a blocked number and auto-block. */
  async function screeningOf(account: Account, rawNumber: string) {
    const number = rawNumber ? normalizePhone(rawNumber) : null;
    const [settings, blocked] = await Promise.all([
      deps.settings.row(account.id),
      number ? calls.isBlocked(account, number) : false,
    ]);
    return { blocked, autoBlockSpam: settings.autoBlockSpam };
  }

  async function outboundOpening(account: Account, purpose: string | undefined): Promise<string> {
    const about = purpose || (await deps.settings.row(account.id)).callPurpose?.trim() || null;
    const owner =
      account.companyName || account.owner.fullName?.trim().split(/\s+/)[0] || "the person I work for";
    // Said as a person would, whatever style the purpose was typed in (engine/call-purpose.ts).
    const reason = callPurposeSentence(about) ?? "I'm calling to follow up with you.";
    return `Hello, this is the AI assistant calling on behalf of ${owner}. ${reason} Is now a good time to talk?`;
  }
}

export type TelephonyService = ReturnType<typeof telephonyService>;

/** Carrier statuses that end a call, with what History says about the unanswered ones. */
const CARRIER_ENDINGS: Record<string, { status: string; line?: string }> = {
  completed: { status: "completed" },
  busy: { status: "busy", line: "System: The line was busy" },
  "no-answer": { status: "no_answer", line: "System: Nobody answered" },
  failed: { status: "failed", line: "System: The call could not be connected" },
  canceled: { status: "missed", line: "System: The caller hung up before the call was answered" },
};

const VOICE_STATUS: Record<string, string> = {
  ringing: "ringing",
  in_progress: "in-progress",
  on_hold: "on-hold",
};

function nextTurn(call: { engineState: unknown }): number {
  const turns = (call.engineState as { state?: { turns?: number } } | null)?.state?.turns;
  return (typeof turns === "number" ? turns : 0) + 1;
}

/**
 * E.164 with libphonenumber-js; 10 digits (or 11 starting with 1) are North American. The
 * number has already passed the spec's cleaning rule (common/telephony phoneNumberProblem).
 */
export function toE164(raw: string): string {
  const clean = raw.replace(/[^\d+]/g, "");
  const parsed = parsePhoneNumberFromString(clean, "US");
  if (parsed?.number) return parsed.number;
  const digits = clean.replace(/\D/g, "");
  return digits.length === 10 ? `+1${digits}` : `+${digits}`;
}

function toE164OrNull(raw: string): string | null {
  const clean = raw.replace(/[^\d+]/g, "");
  return /^\+?\d{7,15}$/.test(clean) ? toE164(clean) : null;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
