import { type SpeechAudio, type VoiceCloner, VoiceServiceError } from "./types";

export type ElevenLabsOptions = { apiKey: string; baseUrl: string; model: string; timeoutMs: number };

/**
 * Instant voice cloning on ElevenLabs' API (or any service speaking it): POST /v1/voices/add
 * with the sample, POST /v1/text-to-speech/{voice_id}, DELETE /v1/voices/{voice_id}.
 */
export function elevenLabsCloner(options: ElevenLabsOptions): VoiceCloner {
  async function request(path: string, init: RequestInit): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(`${options.baseUrl}${path}`, {
        ...init,
        headers: { "xi-api-key": options.apiKey, ...(init.headers as Record<string, string> | undefined) },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      throw new VoiceServiceError(`The voice service did not answer: ${(error as Error).message}`);
    }
    if (!response.ok) {
      const body = await response.text().catch(() => "");
      throw new VoiceServiceError(
        `The voice service answered ${response.status}: ${body.slice(0, 200)}`,
        response.status,
      );
    }
    return response;
  }

  return {
    name: "elevenlabs",

    async clone({ name, audio, mimeType, fileName }) {
      const form = new FormData();
      form.append("name", name);
      form.append("description", "Cloned from the account owner's recorded sample, with their consent.");
      form.append("files", new Blob([new Uint8Array(audio)], { type: mimeType }), fileName);
      const response = await request("/v1/voices/add", { method: "POST", body: form });
      const body = (await response.json().catch(() => ({}))) as { voice_id?: unknown };
      if (typeof body.voice_id !== "string" || !body.voice_id)
        throw new VoiceServiceError("The voice service answered without a voice id");
      return { voiceId: body.voice_id };
    },

    async speak(voiceId, text): Promise<SpeechAudio> {
      const response = await request(
        `/v1/text-to-speech/${encodeURIComponent(voiceId)}?output_format=mp3_44100_128`,
        {
          method: "POST",
          headers: { "content-type": "application/json", accept: "audio/mpeg" },
          body: JSON.stringify({ text, model_id: options.model }),
        },
      );
      return { audio: Buffer.from(await response.arrayBuffer()), mimeType: "audio/mpeg" };
    },

    async remove(voiceId) {
      try {
        await request(`/v1/voices/${encodeURIComponent(voiceId)}`, { method: "DELETE" });
      } catch (error) {
        // Already gone is what we wanted.
        if (error instanceof VoiceServiceError && error.status === 404) return;
        throw error;
      }
    },
  };
}
