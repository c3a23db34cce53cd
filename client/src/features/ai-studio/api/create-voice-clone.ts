import { VoiceCloneOut } from "@common/ai-studio";
import { useMutation } from "@tanstack/react-query";
import { z } from "zod";
import { requestParsed } from "../../../lib/api";
import { useRefreshVoiceClones, VOICE_CLONES_URL } from "./get-voice-clones";

const Created = VoiceCloneOut.extend({ notice: z.string().nullable() });

/** POST /api/voice-clones: a recording of the person's own voice, with their consent. */
export const createVoiceClone = (body: { name: string; audioData: string; consent: true }) =>
  requestParsed(Created, "POST", VOICE_CLONES_URL, body);

export function useCreateVoiceClone() {
  const refresh = useRefreshVoiceClones();
  return useMutation({ mutationFn: createVoiceClone, onSuccess: refresh });
}
