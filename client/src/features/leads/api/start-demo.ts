import { StartDemoResponse } from "@common/telephony";
import { requestParsed } from "../../../lib/api";

/** POST /api/conversation/start-demo {phoneNumber}: a demo call the engine answers (voice demo's endpoint). */
export const startDemo = (phoneNumber: string) =>
  requestParsed(StartDemoResponse, "POST", "/api/conversation/start-demo", { phoneNumber });
