import { adminArea } from "./admin/module";
import { agentsArea } from "./agents/module";
import { aiSettingsArea } from "./ai-settings/module";
import { aiStudioArea } from "./ai-studio/module";
import { appointmentsArea } from "./appointments/module";
import type { Area } from "./area";
import { authArea } from "./auth/module";
import { billingArea } from "./billing/module";
import { businessArea } from "./business/module";
import { calendarArea } from "./calendar/module";
import { callsArea } from "./calls/module";
import { contactsArea } from "./contacts/module";
import { dialerArea } from "./dialer/module";
import { emailArea } from "./email/module";
import { enterpriseArea } from "./enterprise/module";
import { eventsArea } from "./events/module";
import { healthArea } from "./health/module";
import { houseAdsArea } from "./house-ads/module";
import { jobsArea } from "./jobs/module";
import { leadGenerationArea } from "./lead-generation/module";
import { onboardingArea } from "./onboarding/module";
import { phoneSystemArea } from "./phone-system/module";
import { referralsArea } from "./referrals/module";
import { reportsArea } from "./reports/module";
import { retentionArea } from "./retention/module";
import { satelliteArea } from "./satellite/module";
import { scriptsArea } from "./scripts/module";
import { speechArea } from "./speech/module";
import { supportArea } from "./support/module";
import { telephonyArea } from "./telephony/module";
import { usageArea } from "./usage/module";
import { userArea } from "./user/module";
import { voiceArea } from "./voice/module";
import { voiceCallsArea } from "./voice-calls/module";
import { workspacesArea } from "./workspaces/module";

/**
 * Every area of the server, in the order their routes are registered. Adding an area is its
 * folder (with a module.ts that declares it) and one line here.
 */
export const AREAS: readonly Area[] = [
  healthArea,
  authArea,
  userArea,
  workspacesArea,
  callsArea,
  appointmentsArea,
  calendarArea,
  contactsArea,
  eventsArea,
  aiSettingsArea,
  billingArea,
  usageArea,
  voiceArea,
  speechArea,
  businessArea,
  jobsArea,
  telephonyArea,
  voiceCallsArea,
  scriptsArea,
  agentsArea,
  aiStudioArea,
  leadGenerationArea,
  dialerArea,
  enterpriseArea,
  reportsArea,
  adminArea,
  onboardingArea,
  emailArea,
  satelliteArea,
  phoneSystemArea,
  retentionArea,
  houseAdsArea,
  supportArea,
  referralsArea,
];
