import { randomBytes } from "node:crypto";
import type { z } from "zod";
import type {
  CurrentDemoResponse,
  DemoAction,
  ProcessDemoAnswer,
  StartSystemTestRequest,
  SystemTestCall,
  SystemTestStats,
} from "../../../common/telephony";
import type { Account } from "../../domain/account";
import { LimitReached, notFound } from "../../domain/errors";
import type { CallService } from "../calls/service";
import { admitUnderPlatformCeiling, LinesBusy } from "../telephony/admission";
import { type TelephonyService, toE164 } from "../telephony/service";
import { WEBHOOK_PATHS } from "../telephony/twiml";
import { presentDemoCall, presentSystemTestCall, systemTestState } from "./presenter";
import { planSystemTest, testNumber } from "./system-test";

/** The four calling screens' server side: outbound calls, the voice demo and the system test. */
export function voiceCallService(deps: {
  calls: CallService;
  telephony: TelephonyService;
  /** The address of a reply's audio in the workspace's voice (the voice area's); null without a voice. */
  replies?: { demoReplyAddress(workspaceId: string, text: string): Promise<string | null> } | undefined;
  usage?: { callStop(account: Account): Promise<{ message: string } | null> } | undefined;
  now?: () => Date;
  /** The carrier simulator's clock (SIMULATOR_TIME_SCALE): the system test's figures are on it. */
  simulatorTimeScale?: number;
  /** The administrator's concurrent-call ceiling: system-test calls count against it. */
  platformCeiling?: () => Promise<number>;
}) {
  const { calls, telephony } = deps;
  const now = deps.now ?? (() => new Date());
  const scale = deps.simulatorTimeScale ?? 1;
  /** Wall-clock milliseconds as whole seconds of the simulator's clock. */
  const simulatorSeconds = (ms: number) => Math.max(0, Math.round(ms / scale / 1000));

  async function stats(account: Account, runId: string | undefined): Promise<SystemTestStats> {
    const run =
      runId ??
      (await calls.latestSystemTestSid(account))?.slice(SID_PREFIX.length, SID_PREFIX.length + RUN_ID_LENGTH);
    if (!run)
      return {
        runId: null,
        startedAt: null,
        total: 0,
        connecting: 0,
        active: 0,
        completed: 0,
        failed: 0,
        averageDuration: 0,
        elapsedSeconds: 0,
        calls: [],
      };
    const rows = await calls.systemTestCalls(account, `${SID_PREFIX}${run}`);
    const at = now();
    const list: SystemTestCall[] = rows.map((row) =>
      presentSystemTestCall(row, {
        index:
          Number.parseInt(
            (row.providerCallSid ?? "").slice(
              SID_PREFIX.length + RUN_ID_LENGTH,
              SID_PREFIX.length + RUN_ID_LENGTH + 3,
            ),
            10,
          ) || 0,
        // While it talks, the time since it was answered (startTime is the answer); then the carrier's.
        duration:
          systemTestState(row) === "active"
            ? simulatorSeconds(at.getTime() - row.startTime.getTime())
            : row.duration,
      }),
    );
    const count = (state: SystemTestCall["state"]) => list.filter((call) => call.state === state).length;
    const completed = list.filter((call) => call.state === "completed");
    const startedAt = rows.reduce<Date | null>(
      (min, row) => (!min || row.createdAt < min ? row.createdAt : min),
      null,
    );
    const allEnded = rows.length > 0 && rows.every((row) => !row.isActive);
    const endedAt = allEnded
      ? rows.reduce<Date>(
          (max, row) => (row.endTime && row.endTime > max ? row.endTime : max),
          startedAt ?? at,
        )
      : at;
    return {
      runId: run,
      startedAt: startedAt?.toISOString() ?? null,
      total: list.length,
      connecting: count("connecting"),
      active: count("active"),
      completed: completed.length,
      failed: count("failed"),
      averageDuration: completed.length
        ? Math.round(completed.reduce((sum, call) => sum + call.duration, 0) / completed.length)
        : 0,
      elapsedSeconds: startedAt ? simulatorSeconds(endedAt.getTime() - startedAt.getTime()) : 0,
      calls: list.sort((a, b) => a.index - b.index),
    };
  }

  /** The reply in the workspace's voice, the same audio a phone call plays; null without a voice or words. */
  async function replyAddress(account: Account, text: string | null | undefined): Promise<string | null> {
    if (!text || !deps.replies) return null;
    return deps.replies.demoReplyAddress(account.id, text);
  }

  return {
    async outbound(account: Account, input: { phoneNumber: string; purpose?: string | undefined }) {
      const placed = await telephony.placeOutbound(account, input);
      const through =
        placed.provider === "twilio"
          ? "Your Twilio number is calling now."
          : "No Twilio account is connected, so the built-in simulator is playing the phone network and the person you called.";
      return {
        success: true,
        message: `Calling ${placed.to}`,
        instructions: `${through} When they answer, your assistant says why it is calling and handles the conversation. Follow it in the list below or on Active Calls; it is saved to Call History when it ends${placed.provider === "twilio" ? "" : ", marked Simulated, and counts in your figures like any call"}.`,
        callSid: placed.callSid,
        callId: placed.callId,
      };
    },

    activeCalls: (account: Account) => telephony.activeCalls(account, now()),

    async startDemo(account: Account, phoneNumber: string) {
      const stop = await deps.usage?.callStop(account);
      if (stop) throw new LimitReached(stop.message);
      const { row, greeting } = await calls.startCarrierCall(account, {
        phoneNumber,
        direction: "inbound",
        callType: "demo",
        providerCallSid: null,
        answered: true,
      });
      return {
        callId: row.id,
        greeting: greeting ?? "",
        greetingAudioUrl: await replyAddress(account, greeting),
      };
    },

    /** The account's demo call still in progress (a page left without End), to pick it up again. */
    async currentDemo(account: Account): Promise<CurrentDemoResponse> {
      const row = await calls.activeCall(account, "demo");
      if (!row) return { call: null };
      return { call: presentDemoCall(row) };
    },

    async processDemo(account: Account, callId: string, message: string): Promise<ProcessDemoAnswer> {
      const call = await calls.get(account, callId);
      if (call.callType !== "demo") throw notFound("That demo call");
      const result = await calls.hear(account, callId, message, { transcribed: false });
      const row = result.call;
      let action: DemoAction = "continue";
      if (!row.isActive) action = "end_call";
      else if (row.transferredAt && !call.transferredAt) action = "transfer_call";
      else if (result.analysis.appointment) action = "schedule_appointment";
      return {
        response: result.reply ?? "",
        audioUrl: await replyAddress(account, result.reply),
        intent: result.analysis.intent,
        urgency: result.analysis.urgency,
        action,
        classification: row.classification,
      };
    },

    /** N simulated concurrent calls through the carrier simulator, on the spec's timings. */
    async startSystemTest(account: Account, body: z.output<typeof StartSystemTestRequest>) {
      const numbers =
        "phoneNumbers" in body
          ? body.phoneNumbers.map(toE164)
          : Array.from({ length: body.count }, (_, index) => testNumber(index));
      const run = randomBytes(RUN_ID_LENGTH / 2).toString("hex");
      const to = await telephony.ensureSimulatorNumber(account.id);
      const admit = admitUnderPlatformCeiling(calls, await deps.platformCeiling?.());
      let started = 0;
      for (const plan of planSystemTest(numbers)) {
        const sid = `${SID_PREFIX}${run}${String(plan.index).padStart(3, "0")}${randomBytes(8).toString("hex")}`;
        try {
          await calls.startCarrierCall(
            account,
            {
              phoneNumber: plan.phoneNumber,
              callerName: `Test caller ${plan.index + 1}`,
              direction: "inbound",
              callType: "system_test",
              providerCallSid: sid,
              answered: false,
            },
            admit,
          );
        } catch (error) {
          // At the platform's ceiling: the first call refused is the run refused; later, the run
          // goes on with the calls that started.
          if (started === 0 || !(error instanceof LinesBusy)) throw error;
          break;
        }
        started++;
        telephony.simulator.ringInbound({
          sid,
          from: plan.phoneNumber,
          to,
          party: { script: plan.script, hangUpAfterMs: plan.completeAfterMs },
          voiceUrl: WEBHOOK_PATHS.voice,
          statusCallback: WEBHOOK_PATHS.status,
          ringMs: plan.activeAfterMs,
        });
      }
      return stats(account, run);
    },

    stats,
  };
}

export type VoiceCallService = ReturnType<typeof voiceCallService>;

/** System-test call SIDs: SIMT, the run's id, the call's index, then random hex. */
const SID_PREFIX = "SIMT";
const RUN_ID_LENGTH = 12;
