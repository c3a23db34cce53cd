import { createHash, randomBytes } from "node:crypto";
import os from "node:os";
import { pcmWav, wavSeconds } from "../../audio/wav";
import { twilioSignature } from "./twilio";
import { parseTwiml, type TwimlNode } from "./twiml-parser";
import {
  type CallUpdate,
  CarrierError,
  type PlaceCallInput,
  type SimulatedDial,
  type TelephonyProvider,
} from "./types";

/**
 * One line the simulated person says, after a pause (the simulator's milliseconds, before
 * scaling); with `digits`, they press those keys instead (a <Gather input="dtmf">).
 */
export type CallerLine = { text: string; delayMs?: number; digits?: string };

/** "press 2" in a script is a key press: the caller presses 2 rather than saying it. */
export function callerLine(text: string, delayMs?: number): CallerLine {
  const press = /^press\s+([0-9*#]{1,6})$/i.exec(text.trim());
  const line: CallerLine = press ? { text, digits: press[1] } : { text };
  return delayMs === undefined ? line : { ...line, delayMs };
}

/** The person on the other end of a simulated call. */
export type SimulatedParty = {
  script: CallerLine[];
  /**
   * They hang up this long after the call was answered, whatever is happening (system test);
   * the carrier then reports exactly this long, in whole seconds.
   */
  hangUpAfterMs?: number;
  /** The duration the carrier reports at the end, in seconds (system test); else the time it lasted. */
  reportedDuration?: number;
};

/** How an outbound call goes: someone answers, or the carrier gives up. */
export type DialOutcome =
  | { kind: "answer"; party: SimulatedParty; answeredBy?: "human" | "machine"; ringMs?: number }
  | { kind: "busy" | "no-answer" | "failed"; ringMs?: number };

export type CarrierDelivery = (
  url: string,
  params: Record<string, string>,
  signature: string,
) => Promise<{ status: number; body: string }>;

/** How the carrier fetches a <Play>'s audio (a GET, as Twilio's media fetch: no signature). */
export type CarrierMediaFetch = (
  url: string,
) => Promise<{ status: number; contentType: string; bytes: number }>;

/** One <Play> the carrier fetched, for tests, demos and the bench. */
export type PlayedAudio = {
  url: string;
  status: number;
  contentType: string;
  bytes: number;
  /**
   * From posting the webhook whose TwiML held the <Play> (the caller had just finished) to the
   * audio's arrival: the caller's wait for the first sound of the reply.
   */
  msToAudio: number;
};

export type SimulatorOptions = {
  /** The AccountSid the simulator's webhooks carry. */
  accountSid: string;
  /** The secret its webhooks are signed with (Twilio's scheme: X-Twilio-Signature). */
  token: string;
  /** The app's public address: relative TwiML URLs resolve against it, as Twilio resolves them. */
  baseUrl: string;
  deliver: CarrierDelivery;
  /** 1 is real time; 0.01 runs every pause 100 times faster. */
  timeScale?: number;
  log?: { warn(details: object, message: string): void };
  /** Told of every webhook delivered, with its round trip (the bench measures these). */
  onDelivery?: (info: { url: string; ms: number; status: number }) => void;
  /** Who answers an outbound call to this number; by default {@link defaultDialOutcome}. */
  dialOutcome?: (to: string) => DialOutcome;
  /**
   * The audio of what the caller says into a <Record> (a WAV): the app's text-to-speech in the
   * server, words a test recogniser reads back in tests; by default a second of silence a word.
   */
  recordAudio?: (text: string) => Promise<Buffer>;
  /** Fetches a <Play>'s audio (the assistant's reply in a cloned voice); without it, nothing is fetched. */
  fetchAudio?: CarrierMediaFetch;
  /** Told of every <Play> fetched (the bench measures the time to the reply's audio). */
  onAudio?: (played: PlayedAudio) => void;
};

/** A recording the simulator made (<Record>), kept in memory a while like Twilio keeps its recordings. */
type SimRecording = { callSid: string; audio: Buffer; seconds: number };
/** How long a recording stays fetchable: the app fetches it at once, in the webhook. */
const RECORDING_KEPT_MS = 10 * 60_000;

type CallStatus =
  | "queued"
  | "ringing"
  | "in-progress"
  | "completed"
  | "busy"
  | "no-answer"
  | "failed"
  | "canceled";

type SimCall = {
  sid: string;
  from: string;
  to: string;
  direction: "inbound" | "outbound-api";
  party: SimulatedParty;
  nextLine: number;
  createdAt: number;
  answeredAt: number | null;
  /** Seconds the call lasted on the simulator's clock, when it ended on schedule. */
  lastedOnSchedule: number | null;
  status: CallStatus;
  ended: boolean;
  /** Bumped whenever the carrier starts on new TwiML: older runs stop at their next step. */
  generation: number;
  onHold: boolean;
  statusCallback: string | null;
  /** The URL the current TwiML came from (relative URLs resolve against it). */
  docUrl: string;
  timers: Set<NodeJS.Timeout>;
  /** What the assistant said, the numbers it dialled, what the caller said: for tests and demos. */
  heard: string[];
  said: string[];
  dialed: string[];
  /** The <Play> audio fetched (the assistant's replies in a cloned voice). */
  played: PlayedAudio[];
  /** When the carrier last posted a webhook (the time to a <Play>'s audio counts from it). */
  lastPostAt: number;
  recording: boolean;
  done: Promise<CallStatus>;
  resolveDone: (status: CallStatus) => void;
};

const RING_MS = 2500;
const DIAL_ANSWERED_MS = 4000;
const API_VERSION = "2010-04-01";
/**
 * A Twilio-style call SID: the simulator's start with SIM so nobody mistakes them for real ones.
 * The next 16 hex digits name the process carrying the call (this host, then its pid), so a
 * server starting next to a dead one can tell the calls that died with it (carriedByDeadProcess).
 */
export const newSimulatorSid = (prefix = "SIM", pid = process.pid) =>
  `${prefix}${HOST_TAG}${hex8(pid)}${randomBytes(8).toString("hex")}`;

const hex8 = (value: number) => (value >>> 0).toString(16).padStart(8, "0");
const HOST_TAG = createHash("sha256").update(os.hostname()).digest("hex").slice(0, 8);

/**
 * Whether a simulated call's carrier died: its SID names a process on this host that is no
 * longer running. A process elsewhere, or one still running, may be carrying it: not known dead.
 */
export function carriedByDeadProcess(sid: string): boolean {
  const owner = /^SIM([0-9a-f]{8})([0-9a-f]{8})[0-9a-f]{16}$/.exec(sid);
  if (!owner || owner[1] !== HOST_TAG) return false;
  const pid = Number.parseInt(owner[2] as string, 16);
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // EPERM: alive, someone else's; ESRCH: no such process.
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

/**
 * The built-in carrier. It plays the telephone network's part for calls that do not go through
 * Twilio: it rings the app's voice webhook, speaks the caller's script into <Gather> actions,
 * plays <Play> (fetching its audio when given fetchAudio; loop="0" is hold music), follows <Dial>,
 * <Redirect>, <Reject> and <Hangup>, takes live-call updates like Twilio's REST API, and reports
 * the end to the status callback. Its webhooks are signed with Twilio's scheme, so they go
 * through exactly the handlers Twilio's do.
 */
export class CarrierSimulator {
  private readonly calls = new Map<string, SimCall>();
  private readonly recordings = new Map<string, SimRecording>();
  private readonly timeScale: number;
  private stopped = false;

  constructor(private readonly options: SimulatorOptions) {
    this.timeScale = options.timeScale ?? 1;
  }

  /** Someone calls `to`: the carrier asks `voiceUrl` what to do, then plays the caller's part. */
  ringInbound(input: {
    from: string;
    to: string;
    party: SimulatedParty;
    voiceUrl: string;
    statusCallback: string;
    callerName?: string | undefined;
    sid?: string;
    /** Ringing before the carrier asks the app (the system test's connecting phase). */
    ringMs?: number;
  }): string {
    const call = this.create({
      sid: input.sid ?? newSimulatorSid(),
      from: input.from,
      to: input.to,
      direction: "inbound",
      party: input.party,
      statusCallback: input.statusCallback,
      docUrl: this.absolute(input.voiceUrl),
    });
    call.status = "ringing";
    const gen = call.generation;
    void (async () => {
      await this.sleep(call, input.ringMs ?? 0);
      if (!this.live(call, gen)) return;
      const extra: Record<string, string> = input.callerName ? { CallerName: input.callerName } : {};
      const answer = await this.post(call, call.docUrl, extra);
      if (!this.live(call, gen)) return;
      if (!answer) return this.finish(call, "failed");
      this.answered(call);
      await this.execute(call, answer.body, call.docUrl, gen);
    })().catch((error: unknown) => this.crashed(call, error));
    return call.sid;
  }

  /** Outbound, like Twilio's POST /Calls: answers at once with the SID; the call goes on without the caller. */
  async placeCall(input: PlaceCallInput): Promise<{ callSid: string }> {
    if (this.stopped) throw new CarrierError("The simulator has stopped", 503);
    const outcome = plannedOutcome(
      (this.options.dialOutcome ?? defaultDialOutcome)(input.to),
      input.simulated,
    );
    const call = this.create({
      sid: newSimulatorSid(),
      from: input.from,
      to: input.to,
      direction: "outbound-api",
      party: outcome.kind === "answer" ? outcome.party : { script: [] },
      statusCallback: input.statusCallback,
      docUrl: this.absolute(input.url),
    });
    const gen = call.generation;
    void (async () => {
      await this.sleep(call, 300);
      if (!this.live(call, gen)) return;
      call.status = "ringing";
      await this.post(call, call.statusCallback as string, { CallbackSource: "call-progress-events" });
      await this.sleep(call, outcome.ringMs ?? RING_MS);
      if (!this.live(call, gen)) return;
      if (outcome.kind !== "answer") return this.finish(call, outcome.kind);
      this.answered(call);
      // With machine detection the voice webhook says who answered, as Twilio's does.
      const detected: Record<string, string> = input.machineDetection
        ? { AnsweredBy: outcome.answeredBy === "machine" ? "machine_end_beep" : "human" }
        : {};
      const answer = await this.post(call, call.docUrl, detected);
      if (!this.live(call, gen)) return;
      if (!answer) return this.finish(call, "failed");
      await this.execute(call, answer.body, call.docUrl, gen);
    })().catch((error: unknown) => this.crashed(call, error));
    return { callSid: call.sid };
  }

  /** Like Twilio's POST /Calls/{Sid}: new TwiML for the live call, or hang it up. */
  async updateCall(callSid: string, update: CallUpdate): Promise<void> {
    const call = this.calls.get(callSid);
    if (!call || call.ended) throw new CarrierError("Call is not in-progress. Cannot redirect.", 400, 21220);
    if ("status" in update) {
      // Canceling an answered call does nothing, as on Twilio.
      if (update.status === "canceled" && call.answeredAt) return;
      this.finish(call, update.status);
      return;
    }
    const gen = ++call.generation;
    call.onHold = false;
    void this.execute(call, update.twiml, call.docUrl, gen).catch((error: unknown) =>
      this.crashed(call, error),
    );
  }

  /** The caller puts the phone down. */
  hangUp(callSid: string): void {
    const call = this.calls.get(callSid);
    if (call && !call.ended) this.finish(call, call.answeredAt ? "completed" : "canceled");
  }

  /** The audio of a recording this simulator made (a WAV), while it keeps it; like GET Recordings/{Sid}.wav. */
  recording(recordingSid: string): { audio: Buffer; seconds: number; callSid: string } | undefined {
    return this.recordings.get(recordingSid);
  }

  /** Whether this simulator is carrying the call (a call from before a restart is not). */
  isCarrying(sid: string): boolean {
    return this.calls.has(sid);
  }

  asProvider(): TelephonyProvider {
    return {
      name: "simulator",
      placeCall: (input) => this.placeCall(input),
      updateCall: (sid, update) => this.updateCall(sid, update),
      verify: async () => ({ friendlyName: "Built-in carrier simulator", status: "active", numbers: [] }),
    };
  }

  /** What happened on a call so far (tests, demos). */
  inspect(callSid: string) {
    const call = this.calls.get(callSid);
    if (!call) return undefined;
    return {
      status: call.status,
      ended: call.ended,
      onHold: call.onHold,
      heard: [...call.heard],
      said: [...call.said],
      dialed: [...call.dialed],
      played: [...call.played],
      recording: call.recording,
      done: call.done,
    };
  }

  get liveCalls(): number {
    let n = 0;
    for (const call of this.calls.values()) if (!call.ended) n++;
    return n;
  }

  /** Stops every call without reporting anything (the server is shutting down). */
  stop(): void {
    this.stopped = true;
    for (const call of this.calls.values()) {
      call.ended = true;
      call.generation++;
      for (const timer of call.timers) clearTimeout(timer);
      call.timers.clear();
      call.resolveDone(call.status);
    }
    this.calls.clear();
    this.recordings.clear();
  }

  // --- the call's life ------------------------------------------------------------------------

  private create(
    input: Pick<SimCall, "sid" | "from" | "to" | "direction" | "party" | "statusCallback" | "docUrl">,
  ): SimCall {
    if (this.stopped) throw new CarrierError("The simulator has stopped", 503);
    let resolveDone: (status: CallStatus) => void = () => {};
    const done = new Promise<CallStatus>((resolve) => {
      resolveDone = resolve;
    });
    const call: SimCall = {
      ...input,
      statusCallback: input.statusCallback ? this.absolute(input.statusCallback) : null,
      nextLine: 0,
      createdAt: Date.now(),
      answeredAt: null,
      lastedOnSchedule: null,
      status: "queued",
      ended: false,
      generation: 0,
      onHold: false,
      timers: new Set(),
      heard: [],
      said: [],
      dialed: [],
      played: [],
      lastPostAt: performance.now(),
      recording: false,
      done,
      resolveDone,
    };
    this.calls.set(call.sid, call);
    return call;
  }

  private answered(call: SimCall): void {
    if (call.answeredAt) return;
    call.answeredAt = Date.now();
    call.status = "in-progress";
    const hangUpAfterMs = call.party.hangUpAfterMs;
    if (hangUpAfterMs !== undefined) {
      const timer = setTimeout(() => {
        // The planned length, not the timer's lateness (which a fast test clock magnifies).
        call.lastedOnSchedule = Math.round(hangUpAfterMs / 1000);
        this.hangUp(call.sid);
      }, hangUpAfterMs * this.timeScale);
      timer.unref();
      call.timers.add(timer);
    }
  }

  /** Runs one TwiML document, verb by verb, until it ends, hands over to another, or is replaced. */
  private async execute(call: SimCall, xml: string, docUrl: string, gen: number): Promise<void> {
    let doc: TwimlNode;
    try {
      doc = parseTwiml(xml);
    } catch (error) {
      this.options.log?.warn(
        { err: error, callSid: call.sid },
        "the app answered TwiML the simulator cannot read",
      );
      return this.finish(call, "failed");
    }
    call.docUrl = docUrl;
    for (const verb of doc.children) {
      if (!this.live(call, gen)) return;
      switch (verb.name) {
        case "Say":
          await this.listen(call, verb);
          break;
        case "Pause":
          await this.sleep(call, Number(verb.attributes.length ?? 1) * 1000);
          break;
        case "Play":
          if (verb.attributes.loop === "0") {
            // Hold music until the app sends new TwiML (resume, transfer) or someone hangs up.
            call.onHold = true;
            return;
          }
          await this.play(call, verb, docUrl);
          break;
        case "Start":
          if (verb.children.some((child) => child.name === "Recording")) call.recording = true;
          break;
        case "Gather": {
          for (const child of verb.children) {
            if (child.name === "Say") await this.listen(call, child);
            else if (child.name === "Play") await this.play(call, child, docUrl);
          }
          if (!this.live(call, gen)) return;
          const line = call.party.script[call.nextLine];
          if (!line) {
            // Nothing more to say: hang up now, or stay on the line until the set time (system test).
            if (call.party.hangUpAfterMs === undefined) this.finish(call, "completed");
            return;
          }
          // Twilio's default input is dtmf; a line of keys answers a dtmf gather, words a speech one.
          const inputs = (verb.attributes.input ?? "dtmf").split(/\s+/);
          const answers = line.digits ? inputs.includes("dtmf") : inputs.includes("speech");
          if (!answers) {
            // Nothing this gather listens for: it times out and the document goes on.
            await this.sleep(call, Number(verb.attributes.timeout ?? 5) * 1000);
            break;
          }
          await this.sleep(call, line.delayMs ?? 2000);
          if (!this.live(call, gen)) return;
          call.nextLine++;
          call.said.push(line.text);
          const action = this.absolute(verb.attributes.action ?? docUrl, docUrl);
          const next = await this.post(
            call,
            action,
            line.digits ? { Digits: line.digits } : { SpeechResult: line.text, Confidence: "0.92" },
          );
          if (!this.live(call, gen)) return;
          if (!next) return this.finish(call, "completed");
          return this.execute(call, next.body, action, gen);
        }
        case "Dial": {
          const number = verb.text || verb.children.find((child) => child.name === "Number")?.text || "";
          call.dialed.push(number);
          // The dialled party answers (and talks a while) or not, as an outbound call to them would.
          const outcome = (this.options.dialOutcome ?? defaultDialOutcome)(number);
          const answered = outcome.kind === "answer";
          const ringLimitMs = Number(verb.attributes.timeout ?? 30) * 1000;
          await this.sleep(
            call,
            answered ? DIAL_ANSWERED_MS : Math.min(outcome.ringMs ?? RING_MS, ringLimitMs),
          );
          if (!this.live(call, gen)) return;
          if (verb.attributes.action) {
            const action = this.absolute(verb.attributes.action, docUrl);
            const next = await this.post(call, action, {
              DialCallStatus: answered ? "completed" : outcome.kind,
              DialCallDuration: answered ? String(Math.round(DIAL_ANSWERED_MS / 1000)) : "0",
            });
            if (!this.live(call, gen)) return;
            if (!next) return this.finish(call, "completed");
            return this.execute(call, next.body, action, gen);
          }
          break;
        }
        case "Record": {
          const line = call.party.script[call.nextLine];
          if (!line || line.digits) {
            // Silence: Twilio's <Record> times out and the document goes on.
            await this.sleep(call, Number(verb.attributes.timeout ?? 5) * 1000);
            break;
          }
          await this.sleep(call, line.delayMs ?? 2000);
          if (!this.live(call, gen)) return;
          call.nextLine++;
          call.said.push(line.text);
          // A voice that fails (no espeak-ng on the machine) leaves silence, as a quiet caller would.
          const audio = this.options.recordAudio
            ? await this.options.recordAudio(line.text).catch(() => silentRecording(line.text))
            : await silentRecording(line.text);
          if (!this.live(call, gen)) return;
          const recordingSid = `RE${randomBytes(16).toString("hex")}`;
          const seconds = Math.max(1, Math.round(wavSeconds(audio)));
          this.recordings.set(recordingSid, { callSid: call.sid, audio, seconds });
          setTimeout(() => this.recordings.delete(recordingSid), RECORDING_KEPT_MS).unref();
          // A caller with nothing more to say hangs up (Twilio still tells the action, then ends).
          const hangsUp = call.nextLine >= call.party.script.length;
          const params = {
            RecordingSid: recordingSid,
            RecordingUrl: `${this.options.baseUrl.replace(/\/$/, "")}/simulator/${API_VERSION}/Recordings/${recordingSid}`,
            RecordingDuration: String(seconds),
            Digits: hangsUp ? "hangup" : (verb.attributes.finishOnKey ?? "#"),
          };
          if (!verb.attributes.action) {
            if (hangsUp) return this.finish(call, "completed");
            break;
          }
          const action = this.absolute(verb.attributes.action, docUrl);
          const next = await this.post(call, action, params);
          if (hangsUp || !this.live(call, gen)) return this.finish(call, "completed");
          if (!next) return this.finish(call, "completed");
          return this.execute(call, next.body, action, gen);
        }
        case "Redirect": {
          const target = this.absolute(verb.text, docUrl);
          const next = await this.post(call, target);
          if (!this.live(call, gen)) return;
          if (!next) return this.finish(call, "completed");
          return this.execute(call, next.body, target, gen);
        }
        case "Reject":
          return this.finish(call, verb.attributes.reason === "busy" ? "busy" : "no-answer");
        case "Hangup":
          return this.finish(call, "completed");
        default:
          break;
      }
    }
    // The document ran out of verbs: the carrier hangs up.
    if (this.live(call, gen)) this.finish(call, "completed");
  }

  private async listen(call: SimCall, say: TwimlNode): Promise<void> {
    // The words may sit inside SSML (<prosody rate="90%">...</prosody>), as Twilio reads them.
    const text = [say.text, ...say.children.map((child) => child.text)].filter(Boolean).join(" ");
    const rate = Number.parseFloat(
      say.children.find((child) => child.name === "prosody")?.attributes.rate ?? "",
    );
    const speed = Number.isFinite(rate) && rate > 0 ? rate / 100 : 1;
    call.heard.push(text);
    // About the time it takes to say it at its speed, capped: the caller waits for the assistant to finish.
    await this.sleep(call, Math.min(3000, (300 + text.split(/\s+/).length * 60) / speed));
  }

  /**
   * <Play>: the audio is fetched as Twilio fetches it (when the simulator has a way to), then
   * played for about two seconds a loop; the caller waits for it to finish before speaking.
   */
  private async play(call: SimCall, verb: TwimlNode, docUrl: string): Promise<void> {
    const loops = Math.max(1, Number(verb.attributes.loop ?? 1));
    if (this.options.fetchAudio && verb.text) {
      const url = this.absolute(verb.text, docUrl);
      const fetched = await this.options
        .fetchAudio(url)
        .catch(() => ({ status: 0, contentType: "", bytes: 0 }));
      const played: PlayedAudio = { url, ...fetched, msToAudio: performance.now() - call.lastPostAt };
      call.played.push(played);
      this.options.onAudio?.(played);
      if (fetched.status >= 400 || fetched.status === 0)
        this.options.log?.warn(
          { url, status: fetched.status },
          "the carrier could not fetch a <Play>'s audio",
        );
    }
    await this.sleep(call, 2000 * loops);
  }

  private finish(call: SimCall, status: CallStatus): void {
    if (call.ended) return;
    call.ended = true;
    call.generation++;
    call.onHold = false;
    call.status = status;
    for (const timer of call.timers) clearTimeout(timer);
    call.timers.clear();
    const lasted = call.answeredAt ? (Date.now() - call.answeredAt) / this.timeScale / 1000 : 0;
    const duration =
      status === "completed"
        ? (call.party.reportedDuration ?? call.lastedOnSchedule ?? Math.round(lasted))
        : 0;
    const report = call.statusCallback
      ? this.post(call, call.statusCallback, {
          CallDuration: String(duration),
          Duration: String(Math.ceil(duration / 60)),
          Timestamp: new Date().toUTCString(),
          CallbackSource: "call-progress-events",
        })
      : Promise.resolve(null);
    void report.finally(() => {
      call.resolveDone(status);
      // Keep a finished call a minute for inspection, then forget it.
      setTimeout(() => this.calls.delete(call.sid), 60_000).unref();
    });
  }

  private crashed(call: SimCall, error: unknown): void {
    this.options.log?.warn({ err: error, callSid: call.sid }, "simulated call failed");
    this.finish(call, "failed");
  }

  // --- the wire -------------------------------------------------------------------------------

  /** Delivers one signed webhook; answers null when the app failed (Twilio would play an error and hang up). */
  private async post(
    call: SimCall,
    url: string,
    extra: Record<string, string> = {},
  ): Promise<{ status: number; body: string } | null> {
    const params: Record<string, string> = {
      AccountSid: this.options.accountSid,
      ApiVersion: API_VERSION,
      CallSid: call.sid,
      CallStatus: call.status,
      Called: call.to,
      Caller: call.from,
      Direction: call.direction,
      From: call.from,
      To: call.to,
      ...extra,
    };
    const signature = twilioSignature(this.options.token, url, params);
    const started = performance.now();
    call.lastPostAt = started;
    let result: { status: number; body: string };
    try {
      result = await this.options.deliver(url, params, signature);
    } catch (error) {
      this.options.onDelivery?.({ url, ms: performance.now() - started, status: 0 });
      this.options.log?.warn({ err: error, url }, "the simulator could not reach the app");
      return null;
    }
    this.options.onDelivery?.({ url, ms: performance.now() - started, status: result.status });
    if (result.status >= 400) {
      this.options.log?.warn(
        { url, status: result.status, body: result.body.slice(0, 200) },
        "the app refused a webhook",
      );
      return null;
    }
    return result;
  }

  private absolute(url: string, relativeTo = this.options.baseUrl): string {
    return new URL(url, relativeTo).toString();
  }

  private live(call: SimCall, gen: number): boolean {
    return !this.stopped && !call.ended && call.generation === gen;
  }

  private sleep(call: SimCall, ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        call.timers.delete(timer);
        resolve();
      }, ms * this.timeScale);
      timer.unref();
      call.timers.add(timer);
    });
  }
}

/** Without a voice, a recording is silence: a second a word, 8 kHz mono PCM (a phone line's). */
async function silentRecording(text: string): Promise<Buffer> {
  const rate = 8000;
  const seconds = Math.max(1, Math.min(120, text.split(/\s+/).length));
  return pcmWav(Buffer.alloc(rate * seconds * 2), rate);
}

/** What the person answering a simulated outbound call says. */
export const CALLEE_SCRIPT: CallerLine[] = [
  { text: "Hello?", delayMs: 1500 },
  { text: "Yes, this is a good time. What is it about?", delayMs: 2500 },
  { text: "Okay, that sounds useful. Please send me the details by email.", delayMs: 3000 },
  { text: "Thanks, goodbye.", delayMs: 2500 },
];

/**
 * Autodialer: a dial planned by the dialer's answer-outcome model, as the simulator
 * plays it. The fixed test numbers (below) keep their endings; everyone else answers as planned:
 * a person after ringing, talking until they hang up; a machine after ringing and its greeting
 * (the voice webhook then comes at the beep); or busy, no answer, failed after the planned time.
 */
function plannedOutcome(fixed: DialOutcome, planned: SimulatedDial | undefined): DialOutcome {
  if (!planned || fixed.kind !== "answer") return fixed;
  switch (planned.outcome) {
    case "human": {
      const party: SimulatedParty =
        planned.talkMs === undefined
          ? { script: CALLEE_SCRIPT }
          : { script: CALLEE_SCRIPT, hangUpAfterMs: planned.talkMs };
      return { kind: "answer", answeredBy: "human", ringMs: planned.afterMs, party };
    }
    case "machine":
      return {
        kind: "answer",
        answeredBy: "machine",
        ringMs: planned.afterMs + (planned.greetingMs ?? 0),
        party: { script: [] },
      };
    case "no_answer":
      return { kind: "no-answer", ringMs: planned.afterMs };
    default:
      return { kind: planned.outcome, ringMs: planned.afterMs };
  }
}

/**
 * Who answers a simulated outbound call. Like Twilio's test numbers, a few endings are kept for
 * the unhappy paths: ...0002 is busy, ...0003 does not answer, ...0004 fails. Everyone else answers.
 */
export function defaultDialOutcome(to: string): DialOutcome {
  if (to.endsWith("0002")) return { kind: "busy" };
  if (to.endsWith("0003")) return { kind: "no-answer" };
  if (to.endsWith("0004")) return { kind: "failed" };
  return { kind: "answer", party: { script: CALLEE_SCRIPT } };
}
