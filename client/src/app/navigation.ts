import { roleAtLeast, type WorkspaceRole } from "@common/workspaces";
import {
  Activity,
  BarChart3,
  BookUser,
  Bot,
  Briefcase,
  Building2,
  Calendar,
  CalendarClock,
  ChartColumn,
  Clock,
  CreditCard,
  FileText,
  FlaskConical,
  GitBranch,
  Headset,
  History,
  Home,
  Inbox,
  LayoutDashboard,
  LayoutList,
  LifeBuoy,
  ListChecks,
  type LucideIcon,
  Mail,
  MessagesSquare,
  Phone,
  PhoneCall,
  PhoneForwarded,
  PhoneOutgoing,
  Satellite,
  Settings,
  Shield,
  Smartphone,
  Sparkles,
  Target,
  UserCog,
  Users,
  Wand2,
} from "lucide-react";

export type NavItem = {
  label: string;
  to: string;
  icon: LucideIcon;
  /** A screen only the desktop layout has. */
  desktopOnly?: boolean;
  /** Offered to platform administrators only. */
  adminOnly?: boolean;
  /**
   * The least workspace role the screen is for: below it the screen offers nothing the member
   * may do (every change there is refused by the server), so the menus leave it out.
   */
  least?: WorkspaceRole;
};

/** The sidebar's sixteen items, by their product labels; the sidebar shows them in the sections below. */
const ITEM = {
  dashboard: { label: "Dashboard", to: "/", icon: BarChart3 },
  activeCalls: { label: "Active Calls", to: "/active-calls", icon: PhoneCall },
  callHistory: { label: "Call History", to: "/call-history", icon: History },
  appointments: { label: "Appointments", to: "/appointments", icon: Calendar },
  aiAgents: { label: "AI Agents", to: "/ai-agents", icon: Bot },
  agentManager: { label: "Agent Manager", to: "/agent-manager", icon: UserCog },
  conversationFlow: { label: "Conversation Flow", to: "/conversation-flow", icon: GitBranch },
  leadManager: { label: "Lead Manager", to: "/lead-manager", icon: Users },
  leadGeneration: { label: "Lead Generation", to: "/leads", icon: Target },
  emailMarketing: { label: "Email Marketing", to: "/email-marketing", icon: Mail },
  autodialer: { label: "Autodialer", to: "/autodialer", icon: PhoneForwarded },
  reports: { label: "Reports", to: "/reports", icon: ChartColumn },
  testPreview: { label: "Test Preview", to: "/test-preview", icon: FlaskConical },
  phoneService: { label: "Virtual business phone service", to: "/grasshopper", icon: Phone },
  aiStudio: { label: "AI Studio", to: "/ai-studio", icon: Sparkles },
  // Only the owner changes the plan; an admin still reads the usage there.
  subscription: { label: "Subscription", to: "/subscription", icon: CreditCard, least: "admin" },
  settings: { label: "Settings", to: "/settings", icon: Settings },
} satisfies Record<string, NavItem>;

/**
 * Screens that neither the sidebar's sixteen items nor a bar names. The product lists the
 * routes but no link to them; every screen must be reachable by clicking, so the sidebar and the
 * phone layouts' "More" sheet show them in their sections.
 */
const EXTRA = {
  contacts: { label: "Contacts", to: "/contacts", icon: BookUser },
  contactManager: { label: "Contact Manager", to: "/contact-manager", icon: Users },
  businessFeatures: { label: "Business Features", to: "/business-plan", icon: Briefcase },
  // Scripts are written by admins; an agent reads the campaign's script in the console.
  scripts: { label: "AI Agent Scripts", to: "/ai-scripts", icon: FileText, least: "admin" },
  conversationCards: { label: "Conversation Cards", to: "/conversation-flow-simple", icon: LayoutList },
  agentTests: { label: "Agent Tests", to: "/agent-tests", icon: ListChecks },
  agentConsole: { label: "Agent Console", to: "/autodialer/console", icon: Headset },
  emailWizard: { label: "AI Email Wizard", to: "/email-wizard", icon: Wand2 },
  emailOutbox: { label: "Email Outbox", to: "/email-marketing/outbox", icon: Inbox },
  enterprise: { label: "Enterprise", to: "/enterprise", icon: Building2 },
  enterpriseDashboard: { label: "Enterprise Dashboard", to: "/enterprise-dashboard", icon: LayoutDashboard },
  satellite: { label: "Satellite Internet", to: "/viasat-payment", icon: Satellite },
  admin: { label: "Admin Dashboard", to: "/admin", icon: Shield, adminOnly: true },
  help: { label: "Help", to: "/help", icon: LifeBuoy },
  voiceCallDemo: {
    label: "Voice Call Demo",
    to: "/voice-call-demo",
    icon: MessagesSquare,
    desktopOnly: true,
  },
  realVoiceCalls: {
    label: "Real Voice Calls",
    to: "/real-voice-calls",
    icon: PhoneOutgoing,
    desktopOnly: true,
  },
  callSystemTest: { label: "Call System Test", to: "/call-system-test", icon: Activity },
  mobileCallingTest: { label: "Mobile Calling Test", to: "/call-test", icon: Smartphone },
} satisfies Record<string, NavItem>;

/** The desktop sidebar's items, in the product's order. */
export const SIDEBAR_ITEMS: NavItem[] = Object.values(ITEM);

export type NavSection = { title: string; items: NavItem[] };

/**
 * The menus' sections. What a team does every day (calls, contacts, campaigns, agents, email,
 * reports) comes first and apart from what is set up once, from the sales pages, and from the
 * test and demo screens, which are found without being in the way.
 */
export const NAV_SECTIONS: NavSection[] = [
  {
    title: "Daily work",
    items: [
      ITEM.dashboard,
      ITEM.activeCalls,
      ITEM.callHistory,
      ITEM.appointments,
      EXTRA.contacts,
      ITEM.leadManager,
      ITEM.autodialer,
      EXTRA.agentConsole,
      ITEM.aiAgents,
      ITEM.emailMarketing,
      ITEM.reports,
    ],
  },
  {
    title: "Sales and marketing",
    items: [
      ITEM.leadGeneration,
      EXTRA.contactManager,
      EXTRA.businessFeatures,
      EXTRA.emailWizard,
      EXTRA.emailOutbox,
      EXTRA.enterpriseDashboard,
      EXTRA.satellite,
    ],
  },
  {
    title: "Setup",
    items: [
      ITEM.settings,
      ITEM.subscription,
      ITEM.phoneService,
      ITEM.agentManager,
      EXTRA.scripts,
      ITEM.conversationFlow,
      ITEM.aiStudio,
      EXTRA.enterprise,
      EXTRA.help,
    ],
  },
  {
    title: "Tools and demos",
    items: [
      ITEM.testPreview,
      EXTRA.agentTests,
      EXTRA.conversationCards,
      EXTRA.voiceCallDemo,
      EXTRA.realVoiceCalls,
      EXTRA.callSystemTest,
      EXTRA.mobileCallingTest,
    ],
  },
  { title: "Platform", items: [EXTRA.admin] },
];

/** Who is looking: the layout, whether they administer the platform, their role in the workspace. */
export type NavViewer = {
  desktop: boolean;
  admin: boolean;
  /** The member's role in the workspace; unknown (loading) offers only what every role may use. */
  role?: WorkspaceRole | undefined;
};

/** Whether `item` is offered to `viewer`. Hiding is only a menu's choice: the server decides each request. */
export function offered(item: NavItem, viewer: NavViewer): boolean {
  if (item.desktopOnly && !viewer.desktop) return false;
  if (item.adminOnly && !viewer.admin) return false;
  if (item.least && !(viewer.role && roleAtLeast(viewer.role, item.least))) return false;
  return true;
}

/** The sidebar's sections for this viewer, empty ones left out. */
export function sidebarSections(viewer: NavViewer): NavSection[] {
  return NAV_SECTIONS.map((section) => ({
    title: section.title,
    items: section.items.filter((item) => offered(item, viewer)),
  })).filter((section) => section.items.length > 0);
}

/** The items a layout offers beyond `shown` (its bar's tabs), for this viewer, in sections. */
export function moreSections({ shown, ...viewer }: NavViewer & { shown: NavItem[] }): NavSection[] {
  const taken = new Set(shown.map((item) => item.to));
  return sidebarSections(viewer)
    .map((section) => ({ title: section.title, items: section.items.filter((item) => !taken.has(item.to)) }))
    .filter((section) => section.items.length > 0);
}

/** The mobile bottom bar, highlighted on exact match. */
export const MOBILE_TABS: NavItem[] = [
  { label: "Home", to: "/", icon: Home },
  { label: "Calls", to: "/active-calls", icon: PhoneCall },
  { label: "History", to: "/call-history", icon: Clock },
  { label: "Schedule", to: "/appointments", icon: CalendarClock },
  { label: "Agents", to: "/ai-agents", icon: Bot },
  { label: "Manager", to: "/agent-manager", icon: UserCog },
];

/** The app-style layout's four tabs. */
export const APP_TABS: NavItem[] = [
  { label: "Home", to: "/", icon: Home },
  { label: "History", to: "/call-history", icon: Clock },
  { label: "Contacts", to: "/contacts", icon: Users },
  { label: "Settings", to: "/settings", icon: Settings },
];

/** Exact match, or for every item except "/" a path that starts with the item's route. */
export function isSidebarItemActive(itemPath: string, currentPath: string): boolean {
  if (currentPath === itemPath) return true;
  return itemPath !== "/" && currentPath.startsWith(itemPath);
}

/**
 * The one item lit for a path: of the items that match it, the most specific (the longest route),
 * so /autodialer/console lights Agent Console and not Autodialer as well.
 */
export function activeSidebarItem(itemPaths: readonly string[], currentPath: string): string | null {
  let best: string | null = null;
  for (const itemPath of itemPaths) {
    if (!isSidebarItemActive(itemPath, currentPath)) continue;
    if (best === null || itemPath.length > best.length) best = itemPath;
  }
  return best;
}
