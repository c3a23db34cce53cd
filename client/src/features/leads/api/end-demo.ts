import { CallOut } from "@common/calls";
import { requestParsed } from "../../../lib/api";

/** PATCH /api/calls/:id {isActive: false}: ends the preview's demo call (kept among the test calls). */
export const endDemo = (callId: string) =>
  requestParsed(CallOut, "PATCH", `/api/calls/${callId}`, { isActive: false });
