import { Loader2 } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { useLocation } from "react-router";
import { useUser } from "../../lib/auth/use-user";
import { AiSettingsSection } from "./components/ai-settings-section";
import { CalendarSection } from "./components/calendar-section";
import { InstallSection } from "./components/install-section";
import { ProfileSection } from "./components/profile-section";
import { VoiceSection } from "./components/voice-section";

/**
 * /settings: profile and caller ID, the team, the AI assistant, voice cloning, calendar
 * integration, referrals and mobile app install help. Other areas pass their own section in (the
 * route table gives the team's, the phone service's and the referrals'), so this feature imports
 * none of theirs.
 */
export function SettingsPage({
  phoneService,
  team,
  referrals,
}: {
  phoneService?: ReactNode;
  team?: ReactNode;
  referrals?: ReactNode;
} = {}) {
  const { user, isLoading } = useUser();
  const { hash } = useLocation();
  const ready = Boolean(user);
  // A link to a section (/settings#phone-service, from the dashboard's checklist) lands on it, and
  // stays on it while the sections above finish loading and grow, until the person scrolls.
  useEffect(() => {
    if (!hash || !ready) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    const align = () => target.scrollIntoView({ block: "start" });
    // Focus starts there too, as after following an in-page link (and is not lost with the link).
    target.focus({ preventScroll: true });
    align();
    const resized = new ResizeObserver(align);
    resized.observe(document.getElementById("main") ?? document.body);
    const stop = () => resized.disconnect();
    const timer = window.setTimeout(stop, 3000);
    const events = ["wheel", "touchstart", "keydown", "pointerdown"] as const;
    for (const event of events) window.addEventListener(event, stop, { once: true, passive: true });
    return () => {
      stop();
      window.clearTimeout(timer);
      for (const event of events) window.removeEventListener(event, stop);
    };
  }, [hash, ready]);
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
      {team ? (
        <div id="team" tabIndex={-1} className="scroll-mt-20 outline-none">
          {team}
        </div>
      ) : null}
      <AiSettingsSection hasCellphone={Boolean(user.cellphoneNumber)} />
      {phoneService ? (
        <div id="phone-service" tabIndex={-1} className="scroll-mt-20 outline-none">
          {phoneService}
        </div>
      ) : null}
      <VoiceSection timeZone={user.timezone} />
      <CalendarSection />
      {referrals}
      <InstallSection />
    </div>
  );
}
