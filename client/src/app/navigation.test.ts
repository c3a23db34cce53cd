import { describe, expect, it } from "vitest";
import {
  APP_TABS,
  activeSidebarItem,
  MOBILE_TABS,
  moreSections,
  NAV_SECTIONS,
  SIDEBAR_ITEMS,
  sidebarSections,
} from "./navigation";

const paths = (sections: { items: { to: string }[] }[]) => sections.flatMap((s) => s.items.map((i) => i.to));
const ALL = paths(NAV_SECTIONS);

describe("the menus", () => {
  it("keep the spec's sixteen sidebar labels and list each screen once", () => {
    expect(SIDEBAR_ITEMS.map((item) => item.label)).toEqual([
      "Dashboard",
      "Active Calls",
      "Call History",
      "Appointments",
      "AI Agents",
      "Agent Manager",
      "Conversation Flow",
      "Lead Manager",
      "Lead Generation",
      "Email Marketing",
      "Autodialer",
      "Reports",
      "Test Preview",
      "Virtual business phone service",
      "AI Studio",
      "Subscription",
      "Settings",
    ]);
    for (const item of SIDEBAR_ITEMS) expect(ALL).toContain(item.to);
    expect(new Set(ALL).size).toBe(ALL.length);
  });

  it("put the day's work first, apart from setup, tools and demos", () => {
    expect(NAV_SECTIONS.map((s) => s.title)).toEqual([
      "Daily work",
      "Sales and marketing",
      "Setup",
      "Tools and demos",
      "Platform",
    ]);
    const daily = NAV_SECTIONS[0]?.items.map((i) => i.label);
    expect(daily).toEqual(
      expect.arrayContaining([
        "Dashboard",
        "Active Calls",
        "Contacts",
        "Autodialer",
        "AI Agents",
        "Email Marketing",
        "Reports",
      ]),
    );
    expect(daily).not.toContain("Settings");
    expect(daily).not.toContain("Test Preview");
  });

  it("offer an owner every screen but the platform's, and its administrator all of them", () => {
    const owner = paths(sidebarSections({ desktop: true, admin: false, role: "owner" }));
    expect(owner).toEqual(ALL.filter((to) => to !== "/admin"));
    expect(paths(sidebarSections({ desktop: true, admin: true, role: "owner" }))).toEqual(ALL);
  });

  it("hide from an agent the screens where every change is an admin's or the owner's", () => {
    const agent = paths(sidebarSections({ desktop: true, admin: false, role: "agent" }));
    expect(agent).not.toContain("/subscription");
    expect(agent).not.toContain("/ai-scripts");
    expect(agent).toContain("/settings");
    expect(agent).toContain("/autodialer/console");
    const admin = paths(sidebarSections({ desktop: true, admin: false, role: "admin" }));
    expect(admin).toContain("/subscription");
    expect(admin).toContain("/ai-scripts");
    // While the role is not known yet, only what every role may use.
    expect(paths(sidebarSections({ desktop: true, admin: false }))).toEqual(agent);
  });

  it("offer the phone layouts' More sheet everything their tabs do not show, without desktop-only screens", () => {
    for (const tabs of [MOBILE_TABS, APP_TABS]) {
      const more = paths(moreSections({ desktop: false, admin: false, role: "owner", shown: tabs }));
      const tabbed = tabs.map((t) => t.to);
      for (const to of more) expect(tabbed).not.toContain(to);
      expect(more).not.toContain("/voice-call-demo");
      expect(more).not.toContain("/real-voice-calls");
      expect([...more, ...tabbed].sort()).toEqual(
        ALL.filter((to) => !["/admin", "/voice-call-demo", "/real-voice-calls"].includes(to)).sort(),
      );
    }
  });
});

describe("the lit sidebar item", () => {
  it("is the most specific match: one item at a time", () => {
    const items = ["/", "/autodialer", "/autodialer/console", "/contacts", "/contact-manager"];
    expect(activeSidebarItem(items, "/autodialer/console")).toBe("/autodialer/console");
    expect(activeSidebarItem(items, "/autodialer")).toBe("/autodialer");
    expect(activeSidebarItem(items, "/autodialer/campaigns/1")).toBe("/autodialer");
    expect(activeSidebarItem(items, "/contact-manager")).toBe("/contact-manager");
    expect(activeSidebarItem(items, "/")).toBe("/");
    expect(activeSidebarItem(items, "/settings")).toBeNull();
  });
});
