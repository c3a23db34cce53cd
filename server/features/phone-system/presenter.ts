import type {
  BusinessNumber,
  BusinessNumberDetail,
  Extension,
  Voicemail,
} from "../../../common/phone-system";
import type { BusinessNumberRow, ExtensionRow, HoursRow, VoicemailRow } from "./repository";

/** Business phone number. */
export function presentNumber(row: BusinessNumberRow): BusinessNumber {
  return { id: row.id, number: row.number, type: row.type, location: row.location, isActive: row.isActive };
}

export function presentExtension(row: ExtensionRow): Extension {
  return {
    id: row.id,
    digits: row.digits,
    name: row.name,
    target: row.target === "phone" ? "phone" : row.target === "agent" ? "agent" : "voicemail",
    forwardTo: row.forwardTo,
    agentId: row.agentId,
  };
}

export function presentDetail(
  row: BusinessNumberRow,
  extensions: ExtensionRow[],
  hours: HoursRow[],
  timeZone: string,
): BusinessNumberDetail {
  return {
    ...presentNumber(row),
    provider: row.provider === "twilio" ? "twilio" : "simulator",
    greeting: row.greeting,
    timeZone,
    afterHours: {
      action: row.afterHoursAction === "forward" ? "forward" : "voicemail",
      forwardTo: row.afterHoursForwardTo,
    },
    hours: hours.map((h) => ({ weekday: h.weekday, open: h.opensAt, close: h.closesAt })),
    extensions: extensions.map(presentExtension),
    routingAppliedAt: row.routingAppliedAt?.toISOString() ?? null,
  };
}

/** Voicemail: the audio plays through the session-only route, never a public address. */
export function presentVoicemail(row: VoicemailRow, number: string): Voicemail {
  return {
    id: row.id,
    from: row.fromNumber || "Unknown",
    timestamp: row.createdAt.toISOString(),
    duration: row.duration,
    transcription: row.transcription,
    transcriptionStatus:
      row.transcriptionStatus === "done"
        ? "done"
        : row.transcriptionStatus === "failed"
          ? "failed"
          : "pending",
    audioUrl: row.audioPath || row.recordingUrl ? `/api/grasshopper/voicemails/${row.id}/audio` : null,
    numberId: row.businessNumberId,
    number,
    extension: row.extension,
    listened: row.listenedAt !== null,
  };
}
