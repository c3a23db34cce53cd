import { devices, expect, type Locator, type Page, type TestInfo, test } from "@playwright/test";
import {
  APP_ROUTES,
  acceptTerms,
  accessibilityFindings,
  confirmEmailFromOutbox,
  DESKTOP_ONLY_ROUTES,
  invitationLink,
  screenshot,
} from "./helpers";

/**
 * Walks over every screen, one visit per screen and viewport: the width check (no screen scrolls
 * sideways at 1,440, 768 and 390 px and on a phone), the click walk (every screen reached by clicking from
 * the dashboard, in each layout) and the axe scan (axe on every screen, desktop and phone) used to be
 * three files that each signed up and opened every screen again. Here each viewport's walk signs
 * up one account with the data that stretches layouts (a live call, calls in history, an
 * appointment, a contact, AI Studio's flow and rule, scripts, agents, a test case, an email in the
 * Outbox, all with long unbroken text, a long name and a long address) and, on each screen:
 * reaches it by clicking from the dashboard where that layout offers a link (else opens its
 * address), waits for its heading and its data, runs axe (1,440 px and the phone) and measures its
 * width. Findings are collected and reported together, each named by viewport and screen.
 */

// A click that waits this long for its target is a finding (a screen pushed wider than the window
// can cover the bottom bar), not something to wait the whole walk's timeout for.
test.use({ actionTimeout: 15_000 });

const word = (length: number, seed: string) => seed.repeat(Math.ceil(length / seed.length)).slice(0, length);
const LONG_WORD = word(200, "Supercalifragilistic");
const LONG_NAME = word(100, "Wolfeschlegelsteinhausen");
const longEmail = (tag: string) =>
  `${word(60, "averyveryverylongmailbox")}.${tag}@${word(40, "subdomainofsomewhere")}.example.com`;
/**
 * The 1,440 px walk's administrator (so the sidebar offers and reaches the admin screen), one per
 * attempt: CI retries once. ADMIN_EMAILS in playwright.config.ts lists both addresses.
 */
const wideAdminEmail = (attempt: number) => longEmail(`admin${attempt}`);
const OUTBOX_SUBJECT = word(150, "Quarterlynewsletterforcustomers");

// ---------------------------------------------------------------------------------------------
// The account's data.

type LongAccount = { username: string; email: string; password: string; fullName: string };

/**
 * Fills the signed-in session of `api` (the page's own, or a request context) with data that
 * stretches every list.
 */
async function fillWithLongData(api: Page["request"], email: string): Promise<void> {
  expect((await api.post("/api/user/accept-terms", { data: { termsVersion: "1.0" } })).ok()).toBe(true);

  const say = async (callId: string, text: string) => {
    const heard = await api.post(`/api/calls/${callId}/process-audio`, {
      multipart: { audio: { name: "text.txt", mimeType: "text/plain", buffer: Buffer.from(text) } },
    });
    expect(heard.ok(), await heard.text()).toBe(true);
  };
  const startCall = async (callerName: string) => {
    const started = await api.post("/api/calls/simulate", {
      data: { phoneNumber: "+1 (555) 010-0199", callerName },
    });
    expect(started.ok(), await started.text()).toBe(true);
    return ((await started.json()) as { id: string }).id;
  };

  // Two finished calls for the history, then one that stays live.
  for (const caller of [LONG_NAME, "Pat Lee"]) {
    const callId = await startCall(caller);
    await say(callId, `Hello, I would like to book an appointment about ${LONG_WORD} tomorrow at 3 pm`);
    const ended = await api.patch(`/api/calls/${callId}`, {
      data: { isActive: false, endTime: new Date().toISOString(), status: "completed", duration: 95 },
    });
    expect(ended.ok(), await ended.text()).toBe(true);
  }
  const live = await startCall(LONG_NAME);
  await say(live, `Hi, this is about my account ${LONG_WORD} please call me back`);

  const start = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
  start.setUTCHours(15, 0, 0, 0);
  const created = await api.post("/api/appointments", {
    data: {
      title: word(200, "Consultationaboutthekitchen"),
      description: `${LONG_WORD} ${LONG_WORD}`,
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 60 * 60 * 1000).toISOString(),
      attendeeName: LONG_NAME,
      attendeeEmail: email,
      attendeePhone: "+1 (555) 010-0123",
    },
  });
  expect(created.ok(), await created.text()).toBe(true);

  // A contact with long details, for /contacts, /contact-manager and /lead-manager.
  const contact = await api.post("/api/contacts", {
    data: {
      name: LONG_NAME,
      phoneNumber: "+1 (555) 010-0124",
      email,
      company: word(120, "Wolfeschlegelsteinhausenbergerdorff"),
      address: LONG_WORD,
      website: `https://${word(80, "averylongwebsitename")}.example.com/${LONG_WORD}`,
      tags: [word(50, "averyveryverylongtag"), "vip"],
      notes: `${LONG_WORD} ${LONG_WORD}`,
      industry: word(100, "Manufacturing"),
    },
  });
  expect(contact.ok(), await contact.text()).toBe(true);

  // AI Studio: a flow and an automation rule with long unbroken text.
  const flow = await api.post("/api/ai-flows", {
    data: {
      name: word(80, "Openinghoursflow"),
      triggerKeywords: [word(60, "Openinghours"), "hours"],
      responseTemplate: `${word(300, "Weareopenninetofive")} {{callerName}}`,
    },
  });
  expect(flow.status(), await flow.text()).toBe(201);
  const automation = await api.post("/api/automation-rules", {
    data: {
      name: word(80, "Tagunhappycallers"),
      condition: { type: "sentiment_negative" },
      action: { type: "tag_contact", tag: word(40, "Unhappycaller") },
    },
  });
  expect(automation.status(), await automation.text()).toBe(201);

  // A default script, an active agent, a routing rule, a telecom agent and a test case with long
  // unbroken text.
  const script = await api.post("/api/ai-scripts", {
    data: {
      name: word(120, "Wolfeschlegelsteinhausen"),
      description: `${LONG_WORD} ${LONG_WORD}`,
      openingMessage: word(400, "Supercalifragilistic"),
      businessRules: [LONG_WORD],
      transferRules: { keywords: [word(80, "Emergencyemergency"), "urgent"], transferNumber: "+15550100123" },
      isDefault: true,
    },
  });
  expect(script.status(), await script.text()).toBe(201);
  const agent = await api.post("/api/ai-agents", {
    data: {
      name: word(80, "Wolfeschlegelsteinhausen"),
      purpose: LONG_WORD,
      keywords: [word(80, "Internetconnection"), word(80, "Outageoutage"), "wifi", "router"],
      specialization: "support",
    },
  });
  expect(agent.status(), await agent.text()).toBe(201);
  const { id: agentId } = (await agent.json()) as { id: string };
  // Switched on, as the axe walk had it: the agent screens show an active agent.
  expect((await api.post(`/api/ai-agents/${agentId}/toggle`)).ok()).toBe(true);
  const rule = await api.post("/api/routing-rules", {
    data: { name: word(120, "Routingrule"), keywords: [word(80, "Billinginvoice")], agentId },
  });
  expect(rule.status(), await rule.text()).toBe(201);
  const telecom = await api.post("/api/agents/save", {
    data: { name: word(80, "Wolfeschlegelsteinhausen"), providers: ["viasat", "att", "spectrum", "xfinity"] },
  });
  expect(telecom.ok(), await telecom.text()).toBe(true);
  const testCase = await api.post("/api/agent-tests", {
    data: { name: word(120, "Testcasename"), turns: [LONG_WORD], expectedAgentId: agentId },
  });
  expect(testCase.status(), await testCase.text()).toBe(201);

  // A test email with a long subject to the long address, so the Outbox lists a message.
  const template = await api.post("/api/email-marketing/templates", {
    data: {
      name: word(120, "Newslettertemplate"),
      subject: OUTBOX_SUBJECT,
      textContent: `${LONG_WORD} ${LONG_WORD}`,
    },
  });
  expect(template.status(), await template.text()).toBe(201);
  const { id: templateId } = (await template.json()) as { id: string };
  const sent = await api.post("/api/email-marketing/send-test", { data: { templateId, testEmail: email } });
  expect(sent.ok(), await sent.text()).toBe(true);
}

/** Signs up in the page's own session with long details, fills every list, and opens the dashboard. */
async function signUpWithLongData(page: Page): Promise<LongAccount> {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const account = {
    username: `wide_${id}`,
    email: longEmail(id),
    password: "e2e-password-123",
    fullName: LONG_NAME,
  };
  const signup = await page.request.post("/api/auth/signup", { data: account });
  expect(signup.status(), await signup.text()).toBe(201);
  await fillWithLongData(page.request, account.email);
  await page.goto("/");
  return account;
}

// ---------------------------------------------------------------------------------------------
// Layouts and reaching a screen by clicking.

type Layout = {
  name: string;
  /** The navigation that leads home and holds the tabs or the sidebar. */
  bar: (page: Page) => Locator;
  home: string;
};

const DESKTOP: Layout = {
  name: "desktop",
  bar: (page) => page.getByRole("navigation", { name: "Main" }),
  home: "Dashboard",
};
const MOBILE: Layout = {
  name: "mobile",
  bar: (page) => page.getByRole("navigation", { name: "Mobile" }),
  home: "Home",
};
const APP: Layout = {
  name: "app",
  bar: (page) => page.getByRole("navigation", { name: "App" }),
  home: "Home",
};

const DESKTOP_ONLY = new Set(DESKTOP_ONLY_ROUTES);
const ADMIN_ONLY = new Set(["/admin"]);

async function backToDashboard(page: Page, layout: Layout): Promise<void> {
  await layout.bar(page).getByRole("link", { name: layout.home, exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("region", { name: "Today" })).toBeVisible();
}

/** The link to `path` in the bar or sidebar, else in the "More" sheet (opened by a click). */
async function linkTo(page: Page, layout: Layout, path: string): Promise<Locator | null> {
  const direct = layout.bar(page).locator(`a[href="${path}"]`);
  if (await direct.count()) return direct;
  const more = layout.bar(page).getByRole("button", { name: "More" });
  if (!(await more.count())) return null;
  await more.click();
  const sheet = page.getByRole("dialog", { name: "More" });
  await expect(sheet).toBeVisible();
  const inSheet = sheet.getByRole("navigation", { name: "More" }).locator(`a[href="${path}"]`);
  if (await inSheet.count()) return inSheet;
  await page.keyboard.press("Escape");
  await expect(sheet).toBeHidden();
  return null;
}

/** Clicks from the dashboard to `path`; false when the layout offers no link to it. */
async function clickTo(page: Page, layout: Layout, path: string): Promise<boolean> {
  await backToDashboard(page, layout);
  if (path === "/") return true;
  const link = await linkTo(page, layout, path);
  if (!link) return false;
  await expect(link).toBeVisible();
  await link.click();
  await expect(page, `clicking the link to ${path}`).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByRole("dialog", { name: "More" })).toHaveCount(0);
  return true;
}

async function expectNotOffered(page: Page, layout: Layout, paths: Iterable<string>): Promise<void> {
  for (const path of paths) {
    await backToDashboard(page, layout);
    expect(
      await linkTo(page, layout, path),
      `${path} is not offered in the ${layout.name} layout`,
    ).toBeNull();
  }
}

// ---------------------------------------------------------------------------------------------
// What each screen must show before it is scanned and measured.

/** The screen's heading, no loading state, and its data once loaded (the lists that stretch a layout). */
async function settled(page: Page, route: string): Promise<void> {
  await expect(page.getByRole("main").getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expect(page.getByText("Did you forget to add the page to the router?")).toHaveCount(0);
  await expect(
    page
      .getByRole("main")
      .getByRole("status")
      .filter({ hasText: /^Loading/ }),
  ).toHaveCount(0);
  if (route === "/active-calls") {
    await expect(page.getByRole("list", { name: "Active calls" })).toContainText(LONG_NAME);
    await expect(page.getByTestId("ai-response")).not.toHaveText("...");
  }
  if (route === "/call-history") await expect(page.getByRole("main")).toContainText("Pat Lee");
  if (route === "/appointments") await expect(page.getByRole("main")).toContainText("Consultation");
  if (route === "/ai-studio") await expect(page.getByRole("main")).toContainText("Openinghoursflow");
  if (["/contacts", "/contact-manager", "/lead-manager"].includes(route))
    await expect(page.getByRole("main")).toContainText(LONG_NAME.slice(0, 40));
  if (["/ai-scripts", "/ai-agents", "/agent-manager", "/agent-tests"].includes(route))
    await expect(page.getByRole("main")).toContainText(
      route === "/agent-tests" ? "Testcasename" : "Wolfeschlegel",
    );
  if (route === "/email-marketing/outbox")
    await expect(page.getByRole("list", { name: "Outbox messages" })).toContainText(OUTBOX_SUBJECT);
}

// ---------------------------------------------------------------------------------------------
// The width check.

type Overflow = { screen: string; width: number; scrollWidth: number; culprits: string[] };

/** How far the page is wider than the window, and the innermost elements that stick out. */
async function measure(page: Page, screen: string, width: number): Promise<Overflow | null> {
  const result = await page.evaluate((limit) => {
    const sticksOut = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.right > limit + 0.5;
    };
    /** Inside a box that fits and scrolls or clips (a wide table in its scroller): not the page's doing. */
    const contained = (element: Element) => {
      // A positioned element is clipped only by boxes from its containing block up.
      const position = getComputedStyle(element).position;
      if (position === "fixed") return false;
      let start = element.parentElement;
      if (position === "absolute") {
        while (start && getComputedStyle(start).position === "static") start = start.parentElement;
      }
      for (let box = start; box; box = box.parentElement) {
        if (getComputedStyle(box).overflowX !== "visible" && !sticksOut(box)) return true;
      }
      return false;
    };
    const culprits: string[] = [];
    for (const element of document.querySelectorAll("main *, header *, nav *")) {
      // The innermost: the text or control that does not fit, which names the component to fix.
      if (!sticksOut(element) || [...element.children].some(sticksOut) || contained(element)) continue;
      const text = (element.textContent ?? "").trim().slice(0, 30);
      culprits.push(`<${element.tagName.toLowerCase()} class="${element.className}"> ${text}`);
    }
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      culprits: culprits.slice(0, 6),
    };
  }, width);
  const limit = Math.min(width, result.innerWidth);
  if (result.scrollWidth <= limit) return null;
  return { screen, width, scrollWidth: result.scrollWidth, culprits: result.culprits };
}

/** A call's transcript with a long word wraps inside its dialog (a phone-width window). */
async function transcriptDialogWraps(page: Page): Promise<void> {
  await page.getByRole("button", { name: "View Details" }).first().click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(LONG_WORD.slice(0, 40));
  // Text cut short on purpose (overflow hidden, an ellipsis) is not scrolling sideways.
  const sideways = await dialog.evaluate(
    (element) =>
      [element, ...element.querySelectorAll("*")].filter(
        (node) =>
          node.scrollWidth > node.clientWidth + 1 &&
          !["hidden", "clip"].includes(getComputedStyle(node).overflowX),
      ).length,
  );
  expect(sideways, "elements in the call's dialog that scroll sideways at 390 px").toBe(0);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
}

// ---------------------------------------------------------------------------------------------
// The walk.

type Viewport = {
  /** Names the viewport in every finding and screenshot: "desktop-1440", "phone-412", ... */
  name: string;
  width: number;
  /** The layout whose links the walk clicks to reach each screen, if any. */
  layout: Layout | null;
  /** Screens the layout does not offer to this account: opened by their address instead. */
  unoffered: ReadonlySet<string>;
  /** The screens scanned with axe. */
  axe: "every screen" | ReadonlySet<string>;
  /** The screens of this viewport (desktop-only screens are not part of the phone layouts). */
  routes: readonly string[];
};

/** What the walk found, reported together at the end of the test. */
type Findings = { overflows: Overflow[]; inaccessible: string[] };

async function check(page: Page, testInfo: TestInfo, viewport: Viewport, screen: string, found: Findings) {
  if (viewport.axe === "every screen" || viewport.axe.has(screen))
    found.inaccessible.push(...(await accessibilityFindings(page, testInfo, `${viewport.name}${screen}`)));
  const overflow = await measure(page, screen, viewport.width);
  if (overflow) {
    found.overflows.push(overflow);
    const name = `overflow-${viewport.name}${screen.replaceAll(/[/?=() ]+/g, "-") || "-home"}`;
    await page.screenshot({ path: `test-results/screenshots/${name}.png` });
  }
}

/** AI Studio's tabs after the first, each clicked (its address says which: ?tab=voice, ...). */
const AI_STUDIO_TABS = [
  ["voice", "Voice Engine"],
  ["intelligence", "AI Intelligence"],
  ["automation", "Smart Automation"],
  ["training", "Agent Training"],
  ["performance", "Performance"],
] as const;

async function walkEveryScreen(page: Page, testInfo: TestInfo, viewport: Viewport): Promise<void> {
  const found: Findings = { overflows: [], inaccessible: [] };
  const missing: string[] = [];
  for (const route of viewport.routes) {
    await test.step(`${viewport.name} ${route}`, async () => {
      const { layout } = viewport;
      if (!layout || viewport.unoffered.has(route)) await page.goto(route);
      else if (!(await clickTo(page, layout, route))) {
        missing.push(route);
        await page.goto(route);
      }
      await settled(page, route);
      await check(page, testInfo, viewport, route, found);
      // The screen the walk found widest, kept to look at; its call's dialog on a narrow window.
      if (route === "/active-calls") {
        await page.screenshot({
          path: `test-results/screenshots/active-calls-${viewport.name}.png`,
          fullPage: true,
        });
        if (viewport.width === 390) await transcriptDialogWraps(page);
      }
      // The screens new to the walk: the Outbox's list (a long subject and address), the agent
      // console (a long name).
      if (route === "/email-marketing/outbox") await screenshot(page, `outbox-${viewport.name}`);
      if (route === "/autodialer/console") await screenshot(page, `agent-console-${viewport.name}`);
      // AI Studio's other tabs, with the rule's long text on Smart Automation.
      if (route === "/ai-studio") {
        for (const [tab, label] of AI_STUDIO_TABS) {
          await page.getByRole("tab", { name: label, exact: true }).click();
          await expect(page).toHaveURL(new RegExp(`/ai-studio\\?tab=${tab}$`));
          await expect(page.getByRole("tab", { name: label, exact: true, selected: true })).toBeVisible();
          await settled(page, `/ai-studio?tab=${tab}`);
          await check(page, testInfo, viewport, `/ai-studio?tab=${tab}`, found);
        }
      }
    });
  }
  expect.soft(missing, `screens with no link to click (${viewport.name})`).toEqual([]);
  expect.soft(found.inaccessible, `accessibility of every screen (${viewport.name})`).toEqual([]);
  expect.soft(found.overflows, `screens wider than ${viewport.width} px (${viewport.name})`).toEqual([]);
}

/**
 * The public invitation page is no app route: it is opened signed out with a real link
 * to a workspace with a long name, for a long invited address (the page shows both), in both of
 * its ways in, and with a link that is not valid.
 */
async function invitationPage(page: Page, testInfo: TestInfo, viewport: Viewport): Promise<void> {
  const found: Findings = { overflows: [], inaccessible: [] };
  const url = await invitationLink(page.context().request, {
    company: word(60, "Wolfeschlegelsteinhausen"),
    email: longEmail(`${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`),
  });
  // The request context shares the page's cookies: the owner signs out, the page opens the link signed out.
  await page.context().request.post("/api/auth/logout");
  await page.goto(url);
  await expect(page.getByRole("heading", { level: 1, name: /^Join / })).toBeVisible();
  await expect(page.getByLabel("Full Name")).toBeVisible();
  await check(page, testInfo, viewport, "/invite (sign up)", found);
  await page.getByRole("button", { name: "I already have an account — sign in" }).click();
  await expect(page.getByLabel("Email or username")).toBeVisible();
  await check(page, testInfo, viewport, "/invite (sign in)", found);
  await page.goto(`/invite/${"A".repeat(43)}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This invitation link is not valid");
  await check(page, testInfo, viewport, "/invite (unknown)", found);
  expect.soft(found.inaccessible, `accessibility of the invitation page (${viewport.name})`).toEqual([]);
  expect
    .soft(found.overflows, `the invitation page wider than ${viewport.width} px (${viewport.name})`)
    .toEqual([]);
}

/** The More sheet shows who is signed in and signs out (the phone layouts). */
async function moreSheetSignsOut(
  page: Page,
  testInfo: TestInfo,
  layout: Layout,
  account: LongAccount,
  { name }: { name: boolean },
): Promise<void> {
  await backToDashboard(page, layout);
  await layout.bar(page).getByRole("button", { name: "More" }).click();
  const sheet = page.getByRole("dialog", { name: "More" });
  if (name) await expect(sheet).toContainText(account.fullName);
  await expect(sheet).toContainText(account.email);
  await screenshot(page, `navigation-${layout.name}-more`);
  // A long name and email truncate inside the sheet rather than running past its edge.
  const sideways = await sheet.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(sideways, "the More sheet is wider than the screen").toBeLessThanOrEqual(0);
  if (layout === MOBILE)
    expect(
      await accessibilityFindings(page, testInfo, "more-sheet"),
      "accessibility of the More sheet",
    ).toEqual([]);
  await sheet.getByRole("button", { name: "Sign Out" }).click();
  await expect(page.getByRole("main").getByRole("button", { name: "Sign In", exact: true })).toBeVisible();
  if (layout === MOBILE) await expect(layout.bar(page)).toHaveCount(0);
}

// ---------------------------------------------------------------------------------------------
// One test per viewport.

const ALL = [...APP_ROUTES];
const NARROW = ALL.filter((route) => !DESKTOP_ONLY.has(route));

test.describe("1440 px wide", () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  const viewport: Viewport = {
    name: "desktop-1440",
    width: 1440,
    layout: DESKTOP,
    unoffered: new Set(),
    axe: "every screen",
    routes: ALL,
  };

  test("an administrator clicks the sidebar to every screen; each passes axe and fits; the header signs out; the invitation page", async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(240_000);
    const email = wideAdminEmail(testInfo.retry);
    const password = "e2e-admin-password";
    // Made through a request context of its own: the page signs in through the sign-in dialog.
    const created = await request.post("/api/auth/signup", {
      data: { username: `wide_admin${testInfo.retry}`, email, password, fullName: LONG_NAME },
    });
    expect(created.status(), await created.text()).toBe(201);
    // ADMIN_EMAILS counts once the address is confirmed by its emailed link.
    await confirmEmailFromOutbox(request, email);
    await fillWithLongData(request, email);

    await page.goto("/");
    await page.getByRole("main").getByRole("button", { name: "Sign In", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Welcome to AI Platform" });
    await dialog.getByLabel("Email or username").fill(email);
    await dialog.getByLabel("Password").fill(password);
    await dialog.getByRole("button", { name: "Sign In", exact: true }).last().click();
    const terms = page.getByRole("dialog", { name: "Terms and Conditions" });
    await expect(page.getByRole("region", { name: "Today" }).or(terms)).toBeVisible();
    if (await terms.isVisible()) await acceptTerms(page);
    await expect(DESKTOP.bar(page).getByRole("link", { name: "Admin Dashboard" })).toBeVisible();

    await walkEveryScreen(page, testInfo, viewport);
    await backToDashboard(page, DESKTOP);
    await screenshot(page, "navigation-desktop");
    await page.getByRole("banner").getByRole("button", { name: "Sign Out" }).click();
    await expect(page.getByRole("main").getByRole("button", { name: "Sign In", exact: true })).toBeVisible();

    await invitationPage(page, testInfo, viewport);
  });
});

test.describe("768 px wide", () => {
  test.use({ viewport: { width: 768, height: 900 } });
  const viewport: Viewport = {
    name: "desktop-768",
    width: 768,
    layout: DESKTOP,
    unoffered: ADMIN_ONLY,
    // What the admin screen shows a member who is not an administrator, in the desktop layout.
    axe: ADMIN_ONLY,
    routes: ALL,
  };

  test("the sidebar reaches every screen but the admin one; each fits; the invitation page", async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    await signUpWithLongData(page);
    await walkEveryScreen(page, testInfo, viewport);
    // 768 px is the desktop layout: a member who is not an administrator is not offered the admin screen.
    await expectNotOffered(page, DESKTOP, ADMIN_ONLY);
    await invitationPage(page, testInfo, viewport);
  });
});

test.describe("390 px wide", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  const viewport: Viewport = {
    name: "narrow-390",
    width: 390,
    layout: MOBILE,
    unoffered: ADMIN_ONLY,
    axe: new Set(),
    routes: NARROW,
  };

  test("the bottom bar and its More sheet reach every screen; each fits; the call's dialog wraps; More signs out; the invitation page", async ({
    page,
  }, testInfo) => {
    test.setTimeout(180_000);
    const account = await signUpWithLongData(page);
    await walkEveryScreen(page, testInfo, viewport);
    await expectNotOffered(page, MOBILE, [...DESKTOP_ONLY, ...ADMIN_ONLY]);
    await moreSheetSignsOut(page, testInfo, MOBILE, account, { name: true });
    await invitationPage(page, testInfo, viewport);
  });
});

test.describe("phone", () => {
  const { defaultBrowserType: _browser, ...pixel } = devices["Pixel 7"];
  test.use(pixel);
  const viewport: Viewport = {
    name: `phone-${pixel.viewport.width}`,
    width: pixel.viewport.width,
    layout: APP,
    unoffered: ADMIN_ONLY,
    axe: "every screen",
    routes: NARROW,
  };

  test("the four tabs and the More sheet reach every screen; each passes axe and fits; More signs out; the invitation page", async ({
    page,
  }, testInfo) => {
    test.setTimeout(240_000);
    const account = await signUpWithLongData(page);
    await walkEveryScreen(page, testInfo, viewport);
    await expectNotOffered(page, APP, [...DESKTOP_ONLY, ...ADMIN_ONLY]);
    await moreSheetSignsOut(page, testInfo, APP, account, { name: false });
    await invitationPage(page, testInfo, viewport);
  });
});
