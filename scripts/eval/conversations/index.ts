import { CALLBACKS } from "./callbacks";
import { FRESH_PHRASINGS } from "./fresh-phrasings";
import { FRESH_PHRASINGS_2 } from "./fresh-phrasings-2";
import { IDENTITY_AND_EMERGENCIES } from "./identity-emergencies";
import { INBOUND_HEALTH } from "./inbound-health";
import { INBOUND_HOME_SERVICES } from "./inbound-home-services";
import { INBOUND_LEGAL_AND_REALTY } from "./inbound-legal-realty";
import { INBOUND_RESTAURANT } from "./inbound-restaurant";
import { INBOUND_SUPPORT_AND_TELECOM } from "./inbound-support-telecom";
import { OUTBOUND_APPOINTMENTS } from "./outbound-appointments";
import { OUTBOUND_SALES } from "./outbound-sales";
import { RECEPTIONIST } from "./receptionist";
import { STOP_REQUESTS } from "./stop-requests";
import type { Conversation } from "./types";
import { WRONG_NUMBERS_AND_VOICEMAIL } from "./wrong-numbers-voicemail";

/** Every conversation of the evaluation, by theme. */
export const THEMES: Record<string, readonly Conversation[]> = {
  "outbound sales": OUTBOUND_SALES,
  "outbound appointments": OUTBOUND_APPOINTMENTS,
  "call backs": CALLBACKS,
  "stop requests": STOP_REQUESTS,
  "wrong numbers and voicemail": WRONG_NUMBERS_AND_VOICEMAIL,
  "identity and emergencies": IDENTITY_AND_EMERGENCIES,
  "dental and clinic": INBOUND_HEALTH,
  "home services": INBOUND_HOME_SERVICES,
  "legal and real estate": INBOUND_LEGAL_AND_REALTY,
  restaurant: INBOUND_RESTAURANT,
  "support and telecom": INBOUND_SUPPORT_AND_TELECOM,
  receptionist: RECEPTIONIST,
  "fresh phrasings": FRESH_PHRASINGS,
  "fresh phrasings 2": FRESH_PHRASINGS_2,
};

export const CONVERSATIONS: readonly Conversation[] = Object.values(THEMES).flat();
