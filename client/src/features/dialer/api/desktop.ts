import {
  AgentConsoleOut,
  LeadCallsOut,
  ListenOut,
  type MonitorMode,
  SoftphoneCallOut,
  SoftphoneTokenOut,
  SupervisorViewOut,
  type TransferRequest,
} from "@common/dialer";
import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { getParsed, requestParsed } from "../../../lib/api";
import { DIALER_URL } from "./get-campaigns";
import { CONSOLE_URL } from "./get-console";
import { useRefreshDialer } from "./refresh-dialer";

/**
 * The agent desktop's endpoints: what the rep says on a simulated call, the softphone's access
 * token and its conference controls, and the supervisors' view and listening in.
 */
const callUrl = (attemptId: string) => `${CONSOLE_URL}/calls/${encodeURIComponent(attemptId)}`;

/** POST .../calls/:attemptId/say: the rep's words on a simulated call (the callee answers on the events). */
export function useSay() {
  const refresh = useRefreshDialer();
  return useMutation({
    mutationFn: ({ attemptId, text, step }: { attemptId: string; text: string; step?: number }) =>
      requestParsed(z.object({ lines: z.array(z.string()) }), "POST", `${callUrl(attemptId)}/say`, {
        text,
        ...(step === undefined ? {} : { step }),
      }),
    onSuccess: () => refresh(),
  });
}

/** GET /api/autodialer/leads/:leadId/calls: the lead's past calls, for the contact card. */
export const useLeadCalls = (leadId: string) =>
  useQuery({
    queryKey: [`${DIALER_URL}/leads/${leadId}/calls`],
    queryFn: () => getParsed(LeadCallsOut, `${DIALER_URL}/leads/${encodeURIComponent(leadId)}/calls`),
  });

/** POST .../calls/:attemptId/hand-over: a cold transfer to another rep, on the simulator. */
export function useHandOver() {
  const refresh = useRefreshDialer();
  return useMutation({
    mutationFn: ({ attemptId, agentId }: { attemptId: string; agentId: string }) =>
      requestParsed(AgentConsoleOut, "POST", `${callUrl(attemptId)}/hand-over`, { agentId }),
    onSuccess: () => refresh(),
  });
}

/** POST .../softphone/token: a Twilio Voice access token for this browser. */
export const fetchSoftphoneToken = () =>
  requestParsed(SoftphoneTokenOut, "POST", `${CONSOLE_URL}/softphone/token`, {});

type Control =
  | { kind: "hold"; attemptId: string; hold: boolean }
  | { kind: "transfer"; attemptId: string; body: TransferRequest }
  | { kind: "complete"; attemptId: string }
  | { kind: "cancel"; attemptId: string };

function control(input: Control) {
  const url = callUrl(input.attemptId);
  switch (input.kind) {
    case "hold":
      return requestParsed(SoftphoneCallOut, "POST", `${url}/hold`, { hold: input.hold });
    case "transfer":
      return requestParsed(SoftphoneCallOut, "POST", `${url}/transfer`, input.body);
    case "complete":
      return requestParsed(SoftphoneCallOut, "POST", `${url}/transfer/complete`, {});
    case "cancel":
      return requestParsed(SoftphoneCallOut, "DELETE", `${url}/transfer`);
  }
}

/** Hold, transfer (cold or warm), complete or cancel a warm transfer: the call's conference on Twilio. */
export function useSoftphoneControl() {
  const refresh = useRefreshDialer();
  return useMutation({ mutationFn: control, onSuccess: () => refresh() });
}

/** GET /api/autodialer/supervisor: every rep's state and call (admins and the owner). */
export const SUPERVISOR_URL = `${DIALER_URL}/supervisor`;
export const supervisorQueryOptions = queryOptions({
  queryKey: [SUPERVISOR_URL],
  queryFn: () => getParsed(SupervisorViewOut, SUPERVISOR_URL),
});
export const useSupervisorView = (enabled: boolean) =>
  useQuery({ ...supervisorQueryOptions, enabled, refetchInterval: 5_000 });

/**
 * GET .../supervisor/calls/:attemptId/listen: a simulated call's words, followed read-only. Its
 * key is under /api/autodialer, so every call event (a new line) reads it again.
 */
export const useListen = (attemptId: string) =>
  useQuery({
    queryKey: [`${SUPERVISOR_URL}/calls/${attemptId}/listen`],
    queryFn: () => getParsed(ListenOut, `${SUPERVISOR_URL}/calls/${encodeURIComponent(attemptId)}/listen`),
  });

/** POST (or DELETE) .../supervisor/calls/:attemptId/monitor: listen, whisper, barge in, or leave. */
export function useMonitor() {
  const refresh = useRefreshDialer();
  return useMutation({
    mutationFn: ({ attemptId, mode }: { attemptId: string; mode: MonitorMode | null }) => {
      const url = `${SUPERVISOR_URL}/calls/${encodeURIComponent(attemptId)}/monitor`;
      return mode
        ? requestParsed(SoftphoneCallOut, "POST", url, { mode })
        : requestParsed(SoftphoneCallOut, "DELETE", url);
    },
    onSuccess: () => refresh(),
  });
}
