import {
  type APIRequestContext,
  type Browser,
  devices,
  expect,
  type Locator,
  type Page,
  test,
} from "@playwright/test";
import {
  type Account,
  acceptTerms,
  expectAccessible,
  newAccount,
  screenshot,
  signUpAndAcceptTerms,
  toastText,
} from "./helpers";

/**
 * Teams in Chromium: Settings → Team, invitation links signed out and signed in, the
 * header's workspace and its switcher, roles, removal, transfer, closed links and plan seats.
 */

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

const OTHER_EMAIL =
  "This invitation is for another email address. Sign in with the account it was sent to, or ask for an invitation to your email.";

/** The business sign-up through /signup: the workspace is named after the company. */
async function signUpBusinessOwner(page: Page, company: string): Promise<Account> {
  const account = newAccount("owner");
  await page.goto("/signup");
  await page.getByRole("button", { name: /^Business/ }).click();
  await page.getByLabel("Username").fill(account.username);
  await page.getByLabel("Full Name").fill(account.fullName);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByLabel("Company name").fill(company);
  await page.getByRole("button", { name: /Create Business account/ }).click();
  await acceptTerms(page);
  return account;
}

/** The same, through the API with the page's own cookies, for tests about what comes after. */
async function businessOwnerByApi(page: Page, company: string): Promise<Account> {
  const account = newAccount("owner");
  const created = await page.request.post("/api/auth/signup", {
    data: { ...account, planType: "business", businessInfo: { companyName: company } },
  });
  expect(created.status(), await created.text()).toBe(201);
  await acceptTermsByApi(page.request);
  return account;
}

async function acceptTermsByApi(api: APIRequestContext): Promise<void> {
  const accepted = await api.post("/api/user/accept-terms", { data: { termsVersion: "1.0" } });
  expect(accepted.ok(), await accepted.text()).toBe(true);
}

async function inviteByApi(api: APIRequestContext, email: string, role: "agent" | "admin" = "agent") {
  const invited = await api.post("/api/workspace/invitations", { data: { email, role } });
  expect(invited.status(), await invited.text()).toBe(201);
  return ((await invited.json()) as { url: string }).url;
}

/** A colleague in a browser of their own who signed up through `url` (API), terms accepted. */
async function memberThroughLink(browser: Browser, url: string, account: Account) {
  const context = await browser.newContext();
  const token = url.split("/invite/")[1];
  const created = await context.request.post("/api/auth/signup", {
    data: { ...account, invitationToken: token },
  });
  expect(created.status(), await created.text()).toBe(201);
  await acceptTermsByApi(context.request);
  const page = await context.newPage();
  await page.goto("/");
  return { context, page };
}

/** A finished call in the page's workspace, by the caller's name. */
async function finishedCall(page: Page, callerName: string): Promise<void> {
  const api = page.request;
  const started = await api.post("/api/calls/simulate", {
    data: { phoneNumber: "+1 (555) 010-0142", callerName },
  });
  expect(started.ok(), await started.text()).toBe(true);
  const { id } = (await started.json()) as { id: string };
  const ended = await api.patch(`/api/calls/${id}`, {
    data: { isActive: false, endTime: new Date().toISOString(), status: "completed", duration: 61 },
  });
  expect(ended.ok(), await ended.text()).toBe(true);
}

/** A screenshot of one part of the page (the Team card), easier to look at than the whole settings page. */
async function shot(part: Locator, name: string): Promise<void> {
  await part.screenshot({ path: `test-results/screenshots/${name}.png` });
}

const headerWorkspace = (page: Page) => page.getByRole("banner").getByTestId("header-workspace");
/** The header's workspace once it is a menu (it becomes one when the list shows several). */
const switcher = (page: Page) => page.getByRole("banner").getByRole("button", { name: /Switch workspace/ });
const teamSection = (page: Page) => page.getByRole("region", { name: "Team", exact: true });

async function openTeam(page: Page) {
  await page.goto("/settings");
  const team = teamSection(page);
  await expect(team.getByRole("heading", { name: /^Members/ })).toBeVisible();
  return team;
}

/** The page is no wider than the window; on failure, the innermost elements that stick out. */
async function expectNoSidewaysScroll(page: Page, what: string) {
  const found = await page.evaluate(() => {
    const limit = window.innerWidth;
    const sticksOut = (element: Element) =>
      element.getBoundingClientRect().right + window.scrollX > limit + 0.5;
    const culprits = [...document.querySelectorAll("body *")]
      .filter((element) => sticksOut(element) && ![...element.children].some(sticksOut))
      .slice(0, 5)
      .map(
        (element) =>
          `<${element.tagName.toLowerCase()} class="${element.className}"> ${(element.textContent ?? "").slice(0, 40)}`,
      );
    return { scroll: document.documentElement.scrollWidth, inner: limit, culprits };
  });
  expect(found.scroll, `${what} scrolls sideways: ${found.culprits.join(", ")}`).toBeLessThanOrEqual(
    found.inner,
  );
}

test("an owner invites a colleague, who signs up through the link and works in the owner's workspace", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const company = `Quinn Plumbing ${Date.now().toString(36)}`;
  await signUpBusinessOwner(page, company);
  await expect(headerWorkspace(page)).toContainText(company);
  await expect(headerWorkspace(page)).toContainText("Owner");
  await finishedCall(page, "Harriet Shared-Caller");

  // Settings → Team: the owner's view, then the invitation and its link, shown once.
  const team = await openTeam(page);
  await expect(team.getByTestId("seats")).toContainText("1 of 10");
  await expect(team.getByTestId("seats")).toContainText("Business plan");
  await expect(team.getByTestId("member-row")).toHaveCount(1);
  await expect(team.getByTestId("member-row")).toContainText("You");
  const colleague = newAccount("colleague");
  await team.getByLabel("Email address").fill(colleague.email);
  await expect(team.getByLabel("Role", { exact: true })).toHaveValue("agent");
  await team.getByRole("button", { name: "Create invitation link" }).click();
  await expect(toastText(page, "Invitation created")).toBeVisible();
  const panel = team.getByTestId("invitation-link");
  await expect(panel).toContainText("This link is shown only once");
  const url = await panel.getByLabel("Invitation link").inputValue();
  expect(url).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
  await panel.getByRole("button", { name: "Copy link" }).click();
  await expect(toastText(page, "Link copied")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  const pending = team.getByTestId("invitation-row");
  await expect(pending).toContainText(colleague.email);
  await expect(pending).toContainText(/expires \w{3} \d{1,2}, \d{4}/);
  await expect(team.getByTestId("seats")).toContainText("2 of 10");
  await shot(team, "team-owner-invited");
  await expectAccessible(page, testInfo, "team-owner");

  // The colleague, in a browser of their own, signed out.
  const theirs = await browser.newContext();
  const them = await theirs.newPage();
  await them.goto(url);
  await expect(them.getByRole("heading", { level: 1, name: `Join ${company}` })).toBeVisible();
  await expect(them.getByRole("main")).toContainText(`to join ${company} as an agent`);
  await expect(them.getByTestId("invitation-expiry")).toHaveText(/\w+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M/);
  await expect(them.getByRole("heading", { name: "Sign up to join" })).toBeVisible();
  await expect(them.getByLabel("Email")).toHaveValue(colleague.email);
  await screenshot(them, "invite-signed-out");
  await expectAccessible(them, testInfo, "invite-signed-out");
  await them.getByLabel("Full Name").fill(colleague.fullName);
  await them.getByLabel("Password").fill(colleague.password);
  await them.getByRole("button", { name: "Sign up and join" }).click();
  await acceptTerms(them);
  await expect(them).toHaveURL(/\/$/);
  await expect(headerWorkspace(them)).toContainText(company);
  await expect(headerWorkspace(them)).toContainText("Agent");
  await them.getByRole("link", { name: "Call History" }).first().click();
  await expect(them.getByRole("main")).toContainText("Harriet Shared-Caller");

  // An agent sees the team as it is: nothing to press that the server would refuse.
  const theirTeam = await openTeam(them);
  await expect(theirTeam.getByTestId("workspace-name")).toHaveText(company);
  await expect(theirTeam.getByRole("button", { name: "Create invitation link" })).toHaveCount(0);
  await expect(theirTeam.getByRole("combobox")).toHaveCount(0);
  await expect(theirTeam.getByRole("button", { name: /Make owner|Remove/ })).toHaveCount(0);
  await expect(theirTeam.getByRole("button", { name: "Leave workspace" })).toBeVisible();
  await shot(theirTeam, "team-agent");
  await expectAccessible(them, testInfo, "team-agent");

  // The owner promotes them; the colleague's header says so after a reload.
  await page.reload();
  const row = teamSection(page).getByTestId("member-row").filter({ hasText: colleague.email });
  await row.getByLabel(`Role of ${colleague.fullName}`).selectOption("admin");
  await expect(toastText(page, `${colleague.fullName} is now an admin.`)).toBeVisible();
  await them.reload();
  await expect(headerWorkspace(them)).toContainText("Admin");
  // An admin renames the workspace, and still cannot invite.
  const adminTeam = teamSection(them);
  await expect(adminTeam.getByLabel("Workspace name")).toHaveValue(company);
  await expect(adminTeam.getByRole("button", { name: "Create invitation link" })).toHaveCount(0);
  await adminTeam.getByLabel("Workspace name").fill(`${company} Ltd`);
  await adminTeam.getByRole("button", { name: "Save name" }).click();
  await expect(toastText(them, "Workspace renamed")).toBeVisible();
  await expect(headerWorkspace(them)).toContainText(`${company} Ltd`);

  // Anyone but the owner may leave: asked first, then signed out of the workspace.
  await adminTeam.getByRole("button", { name: "Leave workspace" }).click();
  const leave = them.getByRole("dialog", { name: `Leave ${company} Ltd?` });
  await expect(leave).toContainText("To come back you need a new invitation.");
  await leave.getByRole("button", { name: "Leave workspace" }).click();
  await expect(toastText(them, `You left ${company} Ltd`)).toBeVisible();
  await expect(them.getByRole("main").getByRole("button", { name: "Sign In", exact: true })).toBeVisible();
  await page.reload();
  await expect(teamSection(page).getByTestId("member-row")).toHaveCount(1);
  await theirs.close();
});

test("someone with an account signs in through the link, joins, and switches between workspaces", async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const company = `Rivera Dental ${Date.now().toString(36)}`;
  await businessOwnerByApi(page, company);
  await finishedCall(page, "Team-Only Caller");

  // Sam already has an account (a workspace of their own), created elsewhere.
  const sam = newAccount("sam");
  const created = await request.post("/api/auth/signup", { data: sam });
  expect(created.status()).toBe(201);
  await acceptTermsByApi(request);
  const url = await inviteByApi(page.request, sam.email);

  // Someone else is signed in in the browser that opens the link: the reason, and a way out.
  const context = await browser.newContext();
  const other = await context.newPage();
  await signUpAndAcceptTerms(other);
  await other.goto(url);
  await expect(other.getByRole("alert")).toContainText(OTHER_EMAIL);
  await expect(other.getByRole("button", { name: `Join ${company}` })).toHaveCount(0);
  await screenshot(other, "invite-other-account");
  await expectAccessible(other, testInfo, "invite-other-account");
  await other.getByRole("main").getByRole("button", { name: "Sign out" }).click();

  // Signed out now: Sam's address has an account, so signing in comes first, then the join.
  await expect(other.getByRole("heading", { name: "Sign in to join" })).toBeVisible();
  await expect(other.getByLabel("Email or username")).toHaveValue(sam.email);
  await other.getByLabel("Password").fill(sam.password);
  await other.getByRole("main").getByRole("button", { name: "Sign In" }).click();
  await expect(toastText(other, `You joined ${company}`)).toBeVisible();
  await expect(other).toHaveURL(/\/$/);
  await expect(headerWorkspace(other)).toContainText(company);
  await expect(headerWorkspace(other)).toContainText("Agent");

  // The header's switcher lists both; switching lands on the dashboard with that workspace's data.
  await switcher(other).click();
  const menu = other.getByRole("menu");
  await expect(menu.getByRole("menuitemradio")).toHaveCount(2);
  await expect(menu.getByRole("menuitemradio", { name: new RegExp(company) })).toBeChecked();
  await screenshot(other, "workspace-switcher");
  await expectAccessible(other, testInfo, "workspace-switcher");
  // The scan may move focus, which closes a non-modal menu: open it afresh to choose.
  await other.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await switcher(other).click();
  await menu.getByRole("menuitemradio", { name: new RegExp(sam.fullName) }).click();
  await expect(toastText(other, "Workspace switched")).toBeVisible();
  await expect(headerWorkspace(other)).toContainText(sam.fullName);
  await expect(headerWorkspace(other)).toContainText("Owner");
  await expect(other).toHaveURL(/\/$/);
  await other.getByRole("link", { name: "Call History" }).first().click();
  await expect(other.getByRole("heading", { level: 1, name: "Call History" })).toBeVisible();
  await expect(other.getByRole("main")).not.toContainText("Team-Only Caller");

  await switcher(other).click();
  await other
    .getByRole("menu")
    .getByRole("menuitemradio", { name: new RegExp(company) })
    .click();
  await expect(headerWorkspace(other)).toContainText(company);
  await expect(other).toHaveURL(/\/$/);
  await other.getByRole("link", { name: "Call History" }).first().click();
  await expect(other.getByRole("main")).toContainText("Team-Only Caller");

  // A narrow window has no header: the More sheet shows the workspace and switches.
  await other.setViewportSize({ width: 390, height: 844 });
  await other.getByRole("navigation", { name: "Mobile" }).getByRole("button", { name: "More" }).click();
  const sheet = other.getByRole("dialog", { name: "More" });
  await expect(sheet.getByTestId("sheet-workspace")).toContainText(company);
  await expect(sheet.getByTestId("sheet-workspace")).toContainText("Agent");
  await screenshot(other, "workspace-more-sheet");
  await expectAccessible(other, testInfo, "workspace-more-sheet");
  await expectNoSidewaysScroll(other, "the More sheet");
  await sheet.getByRole("button", { name: `Switch to ${sam.fullName}` }).click();
  await expect(sheet).toBeHidden();
  await expect(toastText(other, "Workspace switched")).toBeVisible();
  await other.getByRole("navigation", { name: "Mobile" }).getByRole("button", { name: "More" }).click();
  await expect(other.getByRole("dialog", { name: "More" }).getByTestId("sheet-workspace")).toContainText(
    "Owner",
  );
  await context.close();
});

test("the owner removes a member, who is signed out at their next step, and hands over the ownership", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const company = `Lopez Movers ${Date.now().toString(36)}`;
  const owner = await businessOwnerByApi(page, company);
  const leaving = newAccount("leaving");
  const heir = newAccount("heir");
  const first = await memberThroughLink(browser, await inviteByApi(page.request, leaving.email), leaving);
  const second = await memberThroughLink(browser, await inviteByApi(page.request, heir.email, "admin"), heir);
  await expect(headerWorkspace(first.page)).toContainText(company);

  const team = await openTeam(page);
  await expect(team.getByTestId("member-row")).toHaveCount(3);
  await team
    .getByTestId("member-row")
    .filter({ hasText: leaving.email })
    .getByRole("button", { name: "Remove" })
    .click();
  const confirm = page.getByRole("dialog", { name: `Remove ${leaving.fullName}?` });
  await expect(confirm).toContainText("signed out of it everywhere");
  await screenshot(page, "team-remove-confirm");
  await confirm.getByRole("button", { name: "Remove from team" }).click();
  await expect(toastText(page, "Member removed")).toBeVisible();
  await expect(team.getByTestId("member-row")).toHaveCount(2);

  // The removed member's next step finds them signed out.
  await first.page.getByRole("link", { name: "Call History" }).first().click();
  await expect(
    first.page.getByRole("main").getByRole("button", { name: "Sign In", exact: true }),
  ).toBeVisible();
  await first.context.close();

  // The transfer: the owner is told they become an admin, and the screen follows at once.
  await team
    .getByTestId("member-row")
    .filter({ hasText: heir.email })
    .getByRole("button", { name: "Make owner" })
    .click();
  const transfer = page.getByRole("dialog", { name: `Make ${heir.fullName} the owner?` });
  await expect(transfer).toContainText("You become an admin");
  await expectAccessible(page, testInfo, "team-transfer-confirm");
  await transfer.getByRole("button", { name: "Transfer ownership" }).click();
  await expect(toastText(page, "Ownership transferred")).toBeVisible();
  const mine = team.getByTestId("member-row").filter({ hasText: owner.email });
  await expect(mine.getByTestId("role-badge")).toHaveText("Admin");
  await expect(
    team.getByTestId("member-row").filter({ hasText: heir.email }).getByTestId("role-badge"),
  ).toHaveText("Owner");
  await expect(team.getByRole("button", { name: "Create invitation link" })).toHaveCount(0);
  await expect(team.getByRole("button", { name: "Leave workspace" })).toBeVisible();
  await expect(headerWorkspace(page)).toContainText("Admin");
  await second.page.reload();
  await expect(headerWorkspace(second.page)).toContainText("Owner");
  await shot(team, "team-after-transfer");
  await second.context.close();
});

test("renewed, withdrawn, used, expired and unknown links say why and what to do", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  await businessOwnerByApi(page, `Okafor Legal ${Date.now().toString(36)}`);
  const invitee = newAccount("invitee");
  const team = await openTeam(page);
  await team.getByLabel("Email address").fill(invitee.email);
  await team.getByLabel("Role", { exact: true }).selectOption("admin");
  await team.getByRole("button", { name: "Create invitation link" }).click();
  const firstUrl = await team.getByTestId("invitation-link").getByLabel("Invitation link").inputValue();
  await team.getByTestId("invitation-link").getByRole("button", { name: "Done" }).click();
  await expect(team.getByTestId("invitation-link")).toHaveCount(0);

  // Inviting the same address again says to renew instead.
  await team.getByLabel("Email address").fill(invitee.email);
  await team.getByRole("button", { name: "Create invitation link" }).click();
  await expect(team.getByRole("alert")).toContainText("already has a pending invitation");

  // Renew: a new link to copy; the old one is unknown from now on.
  await team.getByRole("button", { name: `Renew link for ${invitee.email}` }).click();
  await expect(toastText(page, "New link ready")).toBeVisible();
  const panel = team.getByTestId("invitation-link");
  await expect(panel).toContainText("New invitation link");
  await expect(panel).toContainText("The previous link no longer works");
  const renewedUrl = await panel.getByLabel("Invitation link").inputValue();
  expect(renewedUrl).not.toBe(firstUrl);

  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto(firstUrl);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("This invitation link is not valid");
  await expect(visitor.getByRole("alert")).toHaveText(
    "This invitation link is not valid. Ask for a new one.",
  );
  await screenshot(visitor, "invite-unknown");
  await expectAccessible(visitor, testInfo, "invite-unknown");

  await visitor.goto(renewedUrl);
  await expect(visitor.getByRole("main")).toContainText("as an admin");

  // Withdraw: the renewed link now says it was withdrawn.
  await team.getByRole("button", { name: `Withdraw invitation for ${invitee.email}` }).click();
  await expect(toastText(page, "Invitation withdrawn")).toBeVisible();
  await expect(team.getByTestId("invitation-row")).toHaveCount(0);
  await visitor.reload();
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("This invitation was withdrawn");
  await expect(visitor.getByRole("alert")).toContainText("Ask the person who invited you for a new one.");

  // Used: a link someone already joined through.
  const joiner = newAccount("joiner");
  const used = await inviteByApi(page.request, joiner.email);
  const member = await memberThroughLink(browser, used, joiner);
  await member.context.close();
  await visitor.goto(used);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("This invitation has been used");
  await expect(visitor.getByRole("alert")).toHaveText("This invitation has already been used.");
  await expect(visitor.getByRole("heading", { name: /Already joined\? Sign in/ })).toBeVisible();

  // Expired: the browser cannot move the server's clock, so the preview answers as it does for a
  // link past its seven days (the server's own tests expire a real one).
  const live = await inviteByApi(page.request, newAccount("late").email);
  await visitor.route("**/api/invitations/*", async (route) => {
    const response = await route.fetch();
    const body = { ...(await response.json()), status: "expired" };
    await route.fulfill({ response, json: body });
  });
  await visitor.goto(live);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("This invitation has expired");
  await expect(visitor.getByRole("alert")).toHaveText(
    "This invitation has expired. Ask the person who invited you for a new one.",
  );
  await screenshot(visitor, "invite-expired");
  await expectAccessible(visitor, testInfo, "invite-expired");
  await context.close();
});

test("a personal-plan owner is told the plan's seat limit when inviting", async ({ page }, testInfo) => {
  await signUpAndAcceptTerms(page);
  const team = await openTeam(page);
  await expect(team.getByTestId("seats")).toContainText("1 of 1");
  await expect(team.getByTestId("seats")).toContainText("Full");
  await expect(team.getByRole("link", { name: "Upgrade to add people" })).toHaveAttribute(
    "href",
    "/subscription",
  );
  await team.getByLabel("Email address").fill(newAccount("nope").email);
  await team.getByRole("button", { name: "Create invitation link" }).click();
  await expect(team.getByRole("alert")).toContainText(
    "The Personal plan includes 1 person. Upgrade to Pro, Premium, Business or an Enterprise plan to add more.",
  );
  await expect(team.getByRole("alert").getByRole("link", { name: "Compare plans" })).toBeVisible();
  await shot(team, "team-seat-limit");
  await expectAccessible(page, testInfo, "team-seat-limit");
});

test.describe("390 px wide", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the Team section and the invitation page fit a phone-sized window", async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(90_000);
    const company = `Wolfeschlegelsteinhausenbergerdorff Logistics and Warehousing ${Date.now().toString(36)}`;
    await businessOwnerByApi(page, company);
    const longEmail = `averyveryverylongmailboxnamethatgoesonandon.${Date.now().toString(36)}@subdomainofsomewhere.example.com`;
    const member = await memberThroughLink(browser, await inviteByApi(page.request, longEmail), {
      ...newAccount("wide"),
      email: longEmail,
    });
    await member.context.close();
    const pendingUrl = await inviteByApi(page.request, `second.${longEmail}`, "admin");

    const team = await openTeam(page);
    await expect(team.getByTestId("member-row")).toHaveCount(2);
    await team.getByLabel("Email address").fill(`third.${longEmail}`);
    await team.getByRole("button", { name: "Create invitation link" }).click();
    await expect(team.getByTestId("invitation-link")).toBeVisible();
    await expectNoSidewaysScroll(page, "Settings with the Team section");
    await shot(team, "team-390");
    await expectAccessible(page, testInfo, "team-390");

    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const visitor = await context.newPage();
    await visitor.goto(pendingUrl);
    await expect(visitor.getByRole("heading", { name: "Sign up to join" })).toBeVisible();
    await expect(visitor.getByLabel("Full Name")).toBeVisible();
    await expectNoSidewaysScroll(visitor, "the invitation page");
    await screenshot(visitor, "invite-390");
    await context.close();
  });
});

test.describe("phone", () => {
  const { defaultBrowserType: _browser, ...pixel } = devices["Pixel 7"];
  test.use(pixel);

  test("the account menu shows the workspace and role, and switches", async ({ page, request }, testInfo) => {
    const company = `Nguyen Roofing ${Date.now().toString(36)}`;
    const owner = newAccount("owner");
    const created = await request.post("/api/auth/signup", {
      data: { ...owner, planType: "business", businessInfo: { companyName: company } },
    });
    expect(created.status()).toBe(201);
    // The person, signed in on the phone with a workspace of their own, accepts an invitation.
    const person = newAccount("phone");
    expect((await page.request.post("/api/auth/signup", { data: person })).status()).toBe(201);
    await acceptTermsByApi(page.request);
    const link = await inviteByApi(request, person.email, "admin");
    const accepted = await page.request.post(`/api/invitations/${link.split("/invite/")[1]}/accept`);
    expect(accepted.ok(), await accepted.text()).toBe(true);

    await page.goto("/");
    await page.getByRole("button", { name: "Account" }).click();
    const menu = page.getByRole("menu");
    await expect(menu.getByRole("menuitemradio", { name: new RegExp(company) })).toBeChecked();
    await expect(menu.getByRole("menuitemradio", { name: new RegExp(company) })).toContainText("Admin");
    await screenshot(page, "workspace-account-menu-phone");
    await expectAccessible(page, testInfo, "account-menu-phone");
    await menu.getByRole("menuitemradio", { name: new RegExp(person.fullName) }).click();
    await expect(toastText(page, "Workspace switched")).toBeVisible();
    await page.getByRole("button", { name: "Account" }).click();
    await expect(
      page.getByRole("menu").getByRole("menuitemradio", { name: new RegExp(person.fullName) }),
    ).toBeChecked();
  });
});
