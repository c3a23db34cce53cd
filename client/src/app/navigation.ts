import {
  Activity,
  BarChart3,
  BookUser,
  Bot,
  Briefcase,
  Building2,
  Calendar,
  CalendarClock,
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
  /** Spec 1 §2.1: a screen only the desktop layout has. */
  desktopOnly?: boolean;
  /** Offered to platform administrators only. */
  adminOnly?: boolean;
};

/** Spec 1 §2.3: the desktop sidebar, in order. */
export const SIDEBAR_ITEMS: NavItem[] = [
  { label: "Dashboard", to: "/", icon: BarChart3 },
  { label: "Active Calls", to: "/active-calls", icon: PhoneCall },
  { label: "Call History", to: "/call-history", icon: History },
  { label: "Appointments", to: "/appointments", icon: Calendar },
  { label: "AI Agents", to: "/ai-agents", icon: Bot },
  { label: "Agent Manager", to: "/agent-manager", icon: UserCog },
  { label: "Conversation Flow", to: "/conversation-flow", icon: GitBranch },
  { label: "Lead Manager", to: "/lead-manager", icon: Users },
  { label: "Lead Generation", to: "/leads", icon: Target },
  { label: "Email Marketing", to: "/email-marketing", icon: Mail },
  { label: "Autodialer", to: "/autodialer", icon: PhoneForwarded },
  { label: "Test Preview", to: "/test-preview", icon: FlaskConical },
  { label: "Virtual business phone service", to: "/grasshopper", icon: Phone },
  { label: "AI Studio", to: "/ai-studio", icon: Sparkles },
  { label: "Subscription", to: "/subscription", icon: CreditCard },
  { label: "Settings", to: "/settings", icon: Settings },
];

/**
 * Screens of spec 1 §2.2 that neither the sidebar nor a bar names. The spec lists the routes but
 * no link to them; every screen must be reachable by clicking (issue 9), so the sidebar shows
 * these below its sixteen items and the phone layouts show them in the "More" sheet.
 */
export const MORE_ITEMS: NavItem[] = [
  { label: "Contacts", to: "/contacts", icon: BookUser },
  { label: "Contact Manager", to: "/contact-manager", icon: Users },
  { label: "Business Features", to: "/business-plan", icon: Briefcase },
  { label: "AI Agent Scripts", to: "/ai-scripts", icon: FileText },
  { label: "Conversation Cards", to: "/conversation-flow-simple", icon: LayoutList },
  { label: "Agent Tests", to: "/agent-tests", icon: ListChecks },
  { label: "Agent Console", to: "/autodialer/console", icon: Headset },
  { label: "AI Email Wizard", to: "/email-wizard", icon: Wand2 },
  { label: "Email Outbox", to: "/email-marketing/outbox", icon: Inbox },
  { label: "Enterprise", to: "/enterprise", icon: Building2 },
  { label: "Enterprise Dashboard", to: "/enterprise-dashboard", icon: LayoutDashboard },
  { label: "Satellite Internet", to: "/viasat-payment", icon: Satellite },
  { label: "Admin Dashboard", to: "/admin", icon: Shield, adminOnly: true },
];

/** The test and demo screens (spec 2 §2), grouped so they are found without being in the way. */
export const TOOL_ITEMS: NavItem[] = [
  { label: "Voice Call Demo", to: "/voice-call-demo", icon: MessagesSquare, desktopOnly: true },
  { label: "Real Voice Calls", to: "/real-voice-calls", icon: PhoneOutgoing, desktopOnly: true },
  { label: "Call System Test", to: "/call-system-test", icon: Activity },
  { label: "Mobile Calling Test", to: "/call-test", icon: Smartphone },
];

export type NavSection = { title: string; items: NavItem[] };

/** The items a layout offers beyond `shown` (its bar's tabs), for this user, in sections. */
export function moreSections({
  desktop,
  admin,
  shown,
}: {
  desktop: boolean;
  admin: boolean;
  shown: NavItem[];
}): NavSection[] {
  const taken = new Set(shown.map((item) => item.to));
  const offered = (items: NavItem[]) =>
    items.filter(
      (item) => !taken.has(item.to) && (desktop || !item.desktopOnly) && (admin || !item.adminOnly),
    );
  return [
    { title: "Screens", items: offered(SIDEBAR_ITEMS) },
    { title: "More", items: offered(MORE_ITEMS) },
    { title: "Tools", items: offered(TOOL_ITEMS) },
  ].filter((section) => section.items.length > 0);
}

/** Spec 1 §2.4: the mobile bottom bar, highlighted on exact match. */
export const MOBILE_TABS: NavItem[] = [
  { label: "Home", to: "/", icon: Home },
  { label: "Calls", to: "/active-calls", icon: PhoneCall },
  { label: "History", to: "/call-history", icon: Clock },
  { label: "Schedule", to: "/appointments", icon: CalendarClock },
  { label: "Agents", to: "/ai-agents", icon: Bot },
  { label: "Manager", to: "/agent-manager", icon: UserCog },
];

/** Spec 1 §2.5: the app-style layout's four tabs. */
export const APP_TABS: NavItem[] = [
  { label: "Home", to: "/", icon: Home },
  { label: "History", to: "/call-history", icon: Clock },
  { label: "Contacts", to: "/contacts", icon: Users },
  { label: "Settings", to: "/settings", icon: Settings },
];

/** Spec 1 §2.3: exact match, or for every item except "/" a path that starts with the item's route. */
export function isSidebarItemActive(itemPath: string, currentPath: string): boolean {
  if (currentPath === itemPath) return true;
  return itemPath !== "/" && currentPath.startsWith(itemPath);
}
