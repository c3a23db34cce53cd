import { GeneratedVoiceOut, type GenerateVoiceRequest } from "@common/ai-studio";
import { useMutation } from "@tanstack/react-query";
import { requestParsed } from "../../../lib/api";

/** POST /api/ai-studio/generate-voice: a spoken sample; its audioUrl plays for this workspace only. */
export const generateVoice = (body: GenerateVoiceRequest) =>
  requestParsed(GeneratedVoiceOut, "POST", "/api/ai-studio/generate-voice", body);

export const useGenerateVoice = () => useMutation({ mutationFn: generateVoice });
