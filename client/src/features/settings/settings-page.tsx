import { Loader2 } from "lucide-react";
import type { ReactNode } from "react";
import { useUser } from "../../lib/auth/use-user";
import { AiSettingsSection } from "./components/ai-settings-section";
import { CalendarSection } from "./components/calendar-section";
import { InstallSection } from "./components/install-section";
import { ProfileSection } from "./components/profile-section";
import { VoiceSection } from "./components/voice-section";

/**
 * Spec 2 §2 /settings: profile and caller ID, the team, the AI assistant, voice cloning, calendar
 * integration, and mobile app install help. Other areas pass their own section in (the route table
 * gives the team's and the phone service's), so this feature imports none of theirs.
 */
export function SettingsPage({ phoneService, team }: { phoneService?: ReactNode; team?: ReactNode } = {}) {
  const { user, isLoading } = useUser();
  if (isLoading || !user) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Loader2 className="size-4 animate-spin" aria-hidden />
        Loading...
      </p>
    );
  }
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-bold">Settings</h1>
        <p className="text-muted-foreground">Your profile, your team and how your assistant behaves</p>
      </div>
      <ProfileSection user={user} />
      {team ?? null}
      <AiSettingsSection hasCellphone={Boolean(user.cellphoneNumber)} />
      {phoneService ?? null}
      <VoiceSection timeZone={user.timezone} />
      <CalendarSection />
      <InstallSection />
    </div>
  );
}
