import type * as React from "react";
import { lazy, Suspense } from "react";

// Each screen is its own chunk, loaded on first visit (the landing and sign-up pages too: see
// auth-screens.tsx); the first load carries only the shell.
const AdminPage = lazy(() => import("../features/admin/admin-page").then((m) => ({ default: m.AdminPage })));
const AgentManagerPage = lazy(() =>
  import("../features/agents/agent-manager-page").then((m) => ({ default: m.AgentManagerPage })),
);
const AiAgentsPage = lazy(() =>
  import("../features/agents/ai-agents-page").then((m) => ({ default: m.AiAgentsPage })),
);
const AiScriptsPage = lazy(() =>
  import("../features/scripts/ai-scripts-page").then((m) => ({ default: m.AiScriptsPage })),
);
const AgentTestsPage = lazy(() =>
  import("../features/conversation/agent-tests-page").then((m) => ({ default: m.AgentTestsPage })),
);
const ConversationFlowPage = lazy(() =>
  import("../features/conversation/conversation-flow-page").then((m) => ({
    default: m.ConversationFlowPage,
  })),
);
const ConversationFlowSimplePage = lazy(() =>
  import("../features/conversation/conversation-flow-simple-page").then((m) => ({
    default: m.ConversationFlowSimplePage,
  })),
);
const TestPreviewPage = lazy(() =>
  import("../features/conversation/test-preview-page").then((m) => ({ default: m.TestPreviewPage })),
);
const AiStudioPage = lazy(() =>
  import("../features/ai-studio/ai-studio-page").then((m) => ({ default: m.AiStudioPage })),
);
const AppointmentsPage = lazy(() =>
  import("../features/appointments/appointments-page").then((m) => ({ default: m.AppointmentsPage })),
);
const CheckoutPage = lazy(() =>
  import("../features/billing/checkout-page").then((m) => ({ default: m.CheckoutPage })),
);
const BusinessPlanPage = lazy(() =>
  import("../features/business/business-plan-page").then((m) => ({ default: m.BusinessPlanPage })),
);
const CallHistoryPage = lazy(() =>
  import("../features/call-history/call-history-page").then((m) => ({ default: m.CallHistoryPage })),
);
const ActiveCallsPage = lazy(() =>
  import("../features/calls/active-calls-page").then((m) => ({ default: m.ActiveCallsPage })),
);
const ContactManagerPage = lazy(() =>
  import("../features/contacts/contact-manager-page").then((m) => ({ default: m.ContactManagerPage })),
);
const ContactsPage = lazy(() =>
  import("../features/contacts/contacts-page").then((m) => ({ default: m.ContactsPage })),
);
const DashboardPage = lazy(() =>
  import("../features/dashboard/dashboard-page").then((m) => ({ default: m.DashboardPage })),
);
const EnterpriseDashboardPage = lazy(() =>
  import("../features/enterprise/enterprise-dashboard-page").then((m) => ({
    default: m.EnterpriseDashboardPage,
  })),
);
const PhoneSystemPage = lazy(() =>
  import("../features/phone-system/phone-system-page").then((m) => ({ default: m.PhoneSystemPage })),
);
const ViasatPaymentPage = lazy(() =>
  import("../features/satellite/viasat-payment-page").then((m) => ({ default: m.ViasatPaymentPage })),
);
const HelpPage = lazy(() => import("../features/support/help-page").then((m) => ({ default: m.HelpPage })));
const EnterprisePage = lazy(() =>
  import("../features/enterprise/enterprise-page").then((m) => ({ default: m.EnterprisePage })),
);
const AutodialerPage = lazy(() =>
  import("../features/dialer/autodialer-page").then((m) => ({ default: m.AutodialerPage })),
);
const AgentConsolePage = lazy(() =>
  import("../features/dialer/agent-console-page").then((m) => ({ default: m.AgentConsolePage })),
);
const LeadManagerPage = lazy(() =>
  import("../features/leads/lead-manager-page").then((m) => ({ default: m.LeadManagerPage })),
);
const LeadGenerationPage = lazy(() =>
  import("../features/lead-generation/lead-generation-page").then((m) => ({ default: m.LeadGenerationPage })),
);
const SettingsPage = lazy(() =>
  import("../features/settings/settings-page").then((m) => ({ default: m.SettingsPage })),
);
const SubscriptionPage = lazy(() =>
  import("../features/subscription/subscription-page").then((m) => ({ default: m.SubscriptionPage })),
);
const PhoneServiceSection = lazy(() =>
  import("../features/telephony/components/phone-service-section").then((m) => ({
    default: m.PhoneServiceSection,
  })),
);
const ReferralsSection = lazy(() =>
  import("../features/referrals/referrals-section").then((m) => ({ default: m.ReferralsSection })),
);
const TeamSection = lazy(() =>
  import("../features/team/components/team-section").then((m) => ({ default: m.TeamSection })),
);
const CallSystemTestPage = lazy(() =>
  import("../features/voice-calls/call-system-test-page").then((m) => ({ default: m.CallSystemTestPage })),
);
const CallTestPage = lazy(() =>
  import("../features/voice-calls/call-test-page").then((m) => ({ default: m.CallTestPage })),
);
const RealVoiceCallsPage = lazy(() =>
  import("../features/voice-calls/real-voice-calls-page").then((m) => ({ default: m.RealVoiceCallsPage })),
);
const VoiceCallDemoPage = lazy(() =>
  import("../features/voice-calls/voice-call-demo-page").then((m) => ({ default: m.VoiceCallDemoPage })),
);
const EmailWizardPage = lazy(() =>
  import("../features/email/email-wizard-page").then((m) => ({ default: m.EmailWizardPage })),
);
const EmailMarketingPage = lazy(() =>
  import("../features/email/email-marketing-page").then((m) => ({ default: m.EmailMarketingPage })),
);
const OutboxPage = lazy(() =>
  import("../features/email/outbox-page").then((m) => ({ default: m.OutboxPage })),
);
const ReportsPage = lazy(() =>
  import("../features/reports/reports-page").then((m) => ({ default: m.ReportsPage })),
);
const AgentLeaderboard = lazy(() =>
  import("../features/reports/components/agent-leaderboard").then((m) => ({ default: m.AgentLeaderboard })),
);

/**
 * Every route of the spec with its screen. Screens that later issues build show their title
 * and what they will do; the README's feature table tracks which are built.
 */
export type Screen = { path: string; title: string; element: React.ReactNode; desktopOnly?: boolean };

export const SCREENS: Screen[] = [
  {
    path: "/",
    title: "Dashboard",
    element: <DashboardPage />,
  },
  {
    path: "/active-calls",
    title: "Active Calls",
    element: <ActiveCallsPage />,
  },
  {
    path: "/call-history",
    title: "Call History",
    element: <CallHistoryPage />,
  },
  {
    path: "/appointments",
    title: "Appointments",
    element: <AppointmentsPage />,
  },
  {
    path: "/contacts",
    title: "Contacts",
    element: <ContactsPage />,
  },
  {
    path: "/contact-manager",
    title: "Contact Manager",
    element: <ContactManagerPage />,
  },
  {
    path: "/settings",
    title: "Settings",
    element: (
      <SettingsPage
        phoneService={<PhoneServiceSection />}
        referrals={
          <Suspense fallback={null}>
            <ReferralsSection />
          </Suspense>
        }
        team={
          // The team loads beside the rest of the page instead of holding it back.
          <Suspense
            fallback={
              <p role="status" className="text-sm text-muted-foreground">
                Loading your team...
              </p>
            }
          >
            <TeamSection />
          </Suspense>
        }
      />
    ),
  },
  {
    path: "/subscription",
    title: "Subscription",
    element: <SubscriptionPage />,
  },
  {
    // The local payments provider's order page (the sessionUrl of POST /api/subscription/checkout).
    path: "/checkout/:sessionId",
    title: "Checkout",
    element: <CheckoutPage />,
  },
  {
    path: "/business-plan",
    title: "Business Features",
    element: <BusinessPlanPage />,
  },
  { path: "/enterprise", title: "Enterprise", element: <EnterprisePage /> },
  { path: "/help", title: "Help", element: <HelpPage /> },
  {
    path: "/enterprise-dashboard",
    title: "Enterprise Dashboard",
    element: (
      <EnterpriseDashboardPage
        leaderboard={(live) => (
          // The reports feature's leaderboard, loaded beside the dashboard rather than holding it back.
          <Suspense
            fallback={
              <p role="status" className="text-sm text-muted-foreground">
                Loading the leaderboard...
              </p>
            }
          >
            <AgentLeaderboard live={live} />
          </Suspense>
        )}
      />
    ),
  },
  {
    path: "/call-system-test",
    title: "Call System Test",
    element: <CallSystemTestPage />,
  },
  {
    path: "/ai-scripts",
    title: "AI Agent Scripts",
    element: <AiScriptsPage />,
  },
  {
    path: "/ai-agents",
    title: "AI Agents",
    element: <AiAgentsPage />,
  },
  { path: "/agent-manager", title: "Agent Manager", element: <AgentManagerPage /> },
  {
    path: "/lead-manager",
    title: "Lead Manager",
    element: <LeadManagerPage />,
  },
  {
    path: "/leads",
    title: "Lead Generation",
    element: <LeadGenerationPage />,
  },
  {
    path: "/conversation-flow",
    title: "Conversation Flow",
    element: <ConversationFlowPage />,
  },
  {
    path: "/conversation-flow-simple",
    title: "Conversation Cards",
    element: <ConversationFlowSimplePage />,
  },
  {
    path: "/viasat-payment",
    title: "Satellite Internet",
    element: <ViasatPaymentPage />,
  },
  {
    path: "/grasshopper",
    title: "Virtual business phone service",
    element: <PhoneSystemPage />,
  },
  { path: "/ai-studio", title: "AI Studio", element: <AiStudioPage /> },
  { path: "/autodialer", title: "Autodialer", element: <AutodialerPage /> },
  { path: "/reports", title: "Reports", element: <ReportsPage /> },
  {
    // Where a member takes the autodialer's calls (reached from the Autodialer and More).
    path: "/autodialer/console",
    title: "Agent Console",
    element: <AgentConsolePage />,
  },
  {
    path: "/email-marketing",
    title: "Email Marketing",
    element: <EmailMarketingPage />,
  },
  {
    // The .eml outbox, opened as a mail program shows a message (reached from Email Marketing and More).
    path: "/email-marketing/outbox",
    title: "Outbox",
    element: <OutboxPage />,
  },
  {
    path: "/email-wizard",
    title: "AI Email Wizard",
    element: <EmailWizardPage />,
  },
  {
    path: "/admin",
    title: "Admin Dashboard",
    element: <AdminPage />,
  },
  {
    path: "/test-preview",
    title: "Test Preview",
    element: <TestPreviewPage />,
  },
  {
    // The agents' test suite (no route in the spec; reached from More and Test Preview).
    path: "/agent-tests",
    title: "Agent Tests",
    element: <AgentTestsPage />,
  },
  {
    path: "/call-test",
    title: "Mobile Calling Test",
    element: <CallTestPage />,
  },
  {
    path: "/real-voice-calls",
    title: "Real Voice Calls",
    element: <RealVoiceCallsPage phoneService={<PhoneServiceSection />} />,
    desktopOnly: true,
  },
  {
    path: "/voice-call-demo",
    title: "Voice Call Demo",
    element: <VoiceCallDemoPage />,
    desktopOnly: true,
  },
];
