import { devices, expect, type Page, test } from "@playwright/test";
import { APP_ROUTES, DESKTOP_ONLY_ROUTES, invitationLink } from "./helpers";

/**
 * Issue 9, walk 2: no screen scrolls sideways, at 1,440, 768 and 390 px and on a phone, with the
 * data that stretches layouts: a live call, calls in history, appointments, and long unbroken
 * text (a 200-character word in a transcript, a long name and a long email address).
 */

const word = (length: number, seed: string) => seed.repeat(Math.ceil(length / seed.length)).slice(0, length);
const LONG_WORD = word(200, "Supercalifragilistic");
const LONG_NAME = word(100, "Wolfeschlegelsteinhausen");

/** Signs up through the page's own session with long details, and fills every list. */
async function signUpWithLongData(page: Page): Promise<void> {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const email = `${word(60, "averyveryverylongmailbox")}.${id}@${word(40, "subdomainofsomewhere")}.example.com`;
  const api = page.request;
  const signup = await api.post("/api/auth/signup", {
    data: { username: `wide_${id}`, email, password: "e2e-password-123", fullName: LONG_NAME },
  });
  expect(signup.status()).toBe(201);
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

  // AI Studio (issue 12, part 7): a flow and an automation rule with long unbroken text.
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

  // A default script, an agent, a telecom agent and a test case with long unbroken text (issue 12).
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
}

type Overflow = { route: string; width: number; scrollWidth: number; culprits: string[] };

/** How far the page is wider than the window, and the innermost elements that stick out. */
async function measure(page: Page, route: string, width: number): Promise<Overflow | null> {
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
  return { route, width, scrollWidth: result.scrollWidth, culprits: result.culprits };
}

/** The screen's heading, and its data once loaded (the lists that stretch a layout). */
async function open(page: Page, route: string): Promise<void> {
  await page.goto(route);
  await expect(page.getByRole("main").getByRole("heading", { level: 1 }).first()).toBeVisible();
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
}

/**
 * The public invitation page (issue 10), signed out, with a long workspace name and a long
 * invited address (the page shows both), in its sign-up and sign-in ways in.
 */
async function invitationPageFits(page: Page, width: number, layout: string): Promise<void> {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const url = await invitationLink(page.context().request, {
    company: word(60, "Wolfeschlegelsteinhausen"),
    email: `${word(60, "averyveryverylongmailbox")}.${id}@${word(40, "subdomainofsomewhere")}.example.com`,
  });
  // The request context shares the page's cookies: the owner signs out, the page opens the link signed out.
  await page.context().request.post("/api/auth/logout");
  const overflows: Overflow[] = [];
  await page.goto(url);
  await expect(page.getByLabel("Full Name")).toBeVisible();
  const signUp = await measure(page, "/invite (sign up)", width);
  if (signUp) overflows.push(signUp);
  await page.getByRole("button", { name: "I already have an account — sign in" }).click();
  await expect(page.getByLabel("Email or username")).toBeVisible();
  const signIn = await measure(page, "/invite (sign in)", width);
  if (signIn) overflows.push(signIn);
  if (overflows.length)
    await page.screenshot({ path: `test-results/screenshots/overflow-${layout}-${width}-invite.png` });
  expect(overflows, `the invitation page wider than ${width} px`).toEqual([]);
}

async function everyScreenFits(page: Page, width: number, layout: "desktop" | "phone"): Promise<void> {
  await signUpWithLongData(page);
  const routes = APP_ROUTES.filter((route) => width >= 768 || !DESKTOP_ONLY_ROUTES.includes(route));
  const overflows: Overflow[] = [];
  for (const route of routes) {
    await open(page, route);
    const overflow = await measure(page, route, width);
    // AI Studio's other tabs, with the rule's long text on Smart Automation.
    if (route === "/ai-studio") {
      for (const tab of ["voice", "intelligence", "automation", "training", "performance"]) {
        await open(page, `/ai-studio?tab=${tab}`);
        const tabOverflow = await measure(page, `/ai-studio?tab=${tab}`, width);
        if (tabOverflow) overflows.push(tabOverflow);
      }
    }
    // The screen the walk found widest, kept to look at.
    if (route === "/active-calls") {
      await page.screenshot({
        path: `test-results/screenshots/active-calls-${layout}-${width}.png`,
        fullPage: true,
      });
    }
    if (overflow) {
      overflows.push(overflow);
      const name = `overflow-${layout}-${width}${route.replaceAll("/", "-") || "-home"}`;
      await page.screenshot({ path: `test-results/screenshots/${name}.png` });
    }
  }
  expect(overflows, `screens wider than ${width} px`).toEqual([]);
}

for (const width of [1440, 768, 390]) {
  test.describe(`${width} px wide`, () => {
    test.use({ viewport: { width, height: 900 } });
    test("no screen scrolls sideways", async ({ page }) => {
      test.setTimeout(180_000);
      await everyScreenFits(page, width, "desktop");
    });
    test("the invitation page does not scroll sideways", async ({ page }) => {
      await invitationPageFits(page, width, "desktop");
    });
  });
}

test.describe("phone", () => {
  const { defaultBrowserType: _browser, ...pixel } = devices["Pixel 7"];
  test.use(pixel);
  test("no screen scrolls sideways", async ({ page }) => {
    test.setTimeout(180_000);
    await everyScreenFits(page, pixel.viewport.width, "phone");
  });
  test("the invitation page does not scroll sideways", async ({ page }) => {
    await invitationPageFits(page, pixel.viewport.width, "phone");
  });
});

test.describe("dialogs on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test("a call's transcript with a long word wraps inside its dialog", async ({ page }) => {
    await signUpWithLongData(page);
    await open(page, "/active-calls");
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
    expect(sideways, "elements in the dialog that scroll sideways").toBe(0);
  });
});
