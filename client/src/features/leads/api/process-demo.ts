import { ProcessDemoResponse } from "@common/telephony";
import { requestParsed } from "../../../lib/api";

/** POST /api/conversation/process {callId, message}: one line through the call engine, and its reply. */
export const processDemo = (body: { callId: string; message: string }) =>
  requestParsed(ProcessDemoResponse, "POST", "/api/conversation/process", body);
