import {
  BarChart3,
  Bot,
  Calendar,
  CalendarClock,
  Clock,
  CreditCard,
  FlaskConical,
  GitBranch,
  History,
  Home,
  type LucideIcon,
  Mail,
  Phone,
  PhoneCall,
  PhoneForwarded,
  Settings,
  Sparkles,
  Target,
  UserCog,
  Users,
} from "lucide-react";

export type NavItem = { label: string; to: string; icon: LucideIcon };

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
