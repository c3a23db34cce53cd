import type { CurrentDemoResponse, DemoTurn, SystemTestCall } from "../../../common/telephony";
import type { CallService } from "../calls/service";

type CallRow = Awaited<ReturnType<CallService["get"]>>;

/** A demo call still in progress: the conversation so far and what the assistant made of the latest turn. */
export function presentDemoCall(row: CallRow): NonNullable<CurrentDemoResponse["call"]> {
  const analysis = row.analysis;
  return {
    callId: row.id,
    phoneNumber: row.phoneNumber,
    startTime: row.startTime.toISOString(),
    turns: demoTurns(row.transcript),
    latest: analysis
      ? {
          response: row.aiResponse ?? "",
          intent: analysis.intent,
          urgency: analysis.urgency,
          action: row.transferredAt
            ? "transfer_call"
            : analysis.appointment
              ? "schedule_appointment"
              : "continue",
          classification: row.classification,
        }
      : null,
  };
}

/** The conversation in a demo call's transcript: what the caller and the assistant said (System lines left out). */
function demoTurns(transcript: string): DemoTurn[] {
  const turns: DemoTurn[] = [];
  for (const line of transcript.split("\n")) {
    const match = /^(AI|Assistant|Caller|User): ?(.*)$/.exec(line);
    if (!match?.[2]) continue;
    turns.push({ speaker: match[1] === "Caller" || match[1] === "User" ? "caller" : "ai", text: match[2] });
  }
  return turns;
}

/** Where a system-test call is: connecting (ringing), active, or ended well or not. */
export function systemTestState(row: Pick<CallRow, "isActive" | "status">): SystemTestCall["state"] {
  if (row.isActive) return row.status === "ringing" ? "connecting" : "active";
  return row.status === "completed" ? "completed" : "failed";
}

/** One call of a system-test run; its place in the run and its duration on the simulator's clock. */
export function presentSystemTestCall(
  row: CallRow,
  run: { index: number; duration: number },
): SystemTestCall {
  return {
    callId: row.id,
    callSid: row.providerCallSid ?? "",
    index: run.index,
    phoneNumber: row.phoneNumber,
    state: systemTestState(row),
    status: row.status,
    duration: run.duration,
    classification: row.classification,
  };
}
