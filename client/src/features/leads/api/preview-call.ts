import type { ProcessDemoResponse } from "@common/telephony";
import { useMutation } from "@tanstack/react-query";
import { endDemo } from "./end-demo";
import { processDemo } from "./process-demo";
import { startDemo } from "./start-demo";

export type CallPreview = { line: string; reply: ProcessDemoResponse };

/**
 * The call preview until AI agents exist: the call engine's reply to an opening line.
 * A demo call to the contact's number is started, hears the line, and is ended at once, whatever
 * happened (it stays in Call History among the test calls).
 */
export async function previewCall({
  phoneNumber,
  line,
}: {
  phoneNumber: string;
  line: string;
}): Promise<CallPreview> {
  const { callId } = await startDemo(phoneNumber);
  try {
    const reply = await processDemo({ callId, message: line });
    return { line, reply };
  } finally {
    await endDemo(callId).catch(() => undefined);
  }
}

export const usePreviewCall = () => useMutation({ mutationFn: previewCall });
