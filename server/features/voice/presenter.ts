import type { VoiceProfile } from "../../../common/voice";
import { stockVoiceLabel } from "../../providers/voice/espeak";
import type { VoiceProfileRow } from "./repository";

export function presentVoiceProfile(row: VoiceProfileRow): VoiceProfile {
  return {
    id: row.id,
    voiceId: row.voiceId,
    voiceName: row.voiceName,
    isActive: row.isActive,
    quality: row.quality,
    sampleDuration: row.sampleDuration,
    sampleBytes: row.sampleBytes,
    provider: row.provider,
    cloned: row.provider !== "local",
    stockVoice: row.stockVoice,
    stockVoiceLabel: row.stockVoice ? stockVoiceLabel(row.stockVoice) : null,
    consentAt: row.consentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
