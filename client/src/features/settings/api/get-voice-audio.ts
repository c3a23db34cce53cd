import { throwIfNotOk } from "../../../lib/api";

/**
 * GET a profile's sample or its voice speaking (the URLs a profile lists) as a playable object
 * URL; throws ApiError on refusal. Audio, so there is no JSON to parse.
 */
export async function getVoiceAudio(url: string): Promise<string> {
  const response = await fetch(url, { credentials: "include" });
  await throwIfNotOk(response);
  return URL.createObjectURL(await response.blob());
}
