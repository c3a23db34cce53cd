import { expect, type Locator, type Page, type TestInfo, test } from "@playwright/test";
import { expectAccessible, screenshot, signUpAndAcceptTerms } from "./helpers";

/**
 * Five-turn conversations on the preview screens, through the one conversation engine a call uses:
 * what each screen shows must read as one conversation that keeps its thread (what was asked,
 * offered and agreed is remembered), not five unrelated answers. Asserted on the page's text.
 */

/** A day and time as the engine says it: "Thursday, December 3 at 9:00 AM". */
const SPOKEN_SLOT =
  /(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), (?:January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2} at \d{1,2}:\d{2} [AP]M/;

/** No page wider than the window (a long reply or raw answer must wrap, not push the layout). */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    content: document.documentElement.scrollWidth,
    window: document.documentElement.clientWidth,
  }));
  expect(widths.content, "page wider than the window").toBeLessThanOrEqual(widths.window);
}

/**
 * Desktop and 390 px wide full-page screenshots of the conversation as it stands, each checked
 * for sideways scrolling and scanned by axe (at 390 px more boxes overflow and must scroll).
 * `atEnd` scrolls a conversation box to its latest turn first, as after sending.
 */
async function screenshotsAtTwoWidths(
  page: Page,
  testInfo: TestInfo,
  name: string,
  atEnd: () => Promise<void> = async () => {},
) {
  await atEnd();
  await screenshot(page, `${name}-desktop`);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, testInfo, `${name}-desktop`);
  await page.setViewportSize({ width: 390, height: 844 });
  await atEnd();
  await screenshot(page, `${name}-390`);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page, testInfo, `${name}-390`);
  await page.setViewportSize({ width: 1366, height: 900 });
}

test.describe("conversations keep their thread", () => {
  test("test preview: a price, a booking agreed, the same time confirmed, goodbye; the greeting once", async ({
    page,
  }, testInfo) => {
    await signUpAndAcceptTerms(page);
    const opening = "Thanks for calling Bright Smile Dental, how can I help?";
    // The workspace's own hours (weekdays, 9 to 5) stay: the conversation must read the same
    // whether the run falls inside them or not.
    const script = await page.request.post("/api/ai-scripts", {
      data: {
        name: "Bright Smile Dental",
        openingMessage: opening,
        isDefault: true,
        businessRules: ["A teeth cleaning costs $95.", "We are open Monday to Friday, 9 AM to 5 PM."],
      },
    });
    expect(script.status(), await script.text()).toBe(201);
    await page.goto("/test-preview");
    await expect(page.getByText("No messages yet")).toBeVisible();

    const agentTurns = page.getByTestId("agent-turn");
    const say = async (text: string): Promise<Locator> => {
      const before = await agentTurns.count();
      await page.getByLabel("Your message").fill(text);
      await page.getByRole("button", { name: "Send" }).click();
      await expect(agentTurns).toHaveCount(before + 1);
      return agentTurns.nth(before);
    };

    // 1. A question the script's knowledge answers.
    const price = await say("How much is a teeth cleaning?");
    await expect(price).toContainText("A teeth cleaning costs $95.");

    // 2. Asking to come in: a Thursday morning time is offered.
    const offer = await say("Can I come in Thursday morning?");
    const offered = SPOKEN_SLOT.exec((await offer.textContent()) ?? "")?.[0];
    expect(offered, "the reply offers a day and time").toBeTruthy();
    expect(offered).toMatch(/^Thursday, .* AM$/);
    await expect(offer).toContainText("?");

    // 3. Yes: the offered time is booked, not asked about again.
    const booked = await say("Yes that works");
    await expect(booked).toContainText(`booked for ${offered}`);
    await expect(booked).not.toContainText(/morning or (the )?afternoon|what day and time/i);

    // 4. Referring back: the same time, remembered.
    const confirmed = await say("Can you confirm my appointment?");
    await expect(confirmed).toContainText(`confirmed for ${offered}`);
    await expect(confirmed).not.toContainText(/set that up|what day and time/i);

    // 5. Goodbye: a closing, not the greeting again nor the after-hours message.
    const goodbye = await say("Thanks, bye");
    await expect(goodbye).toContainText(/goodbye/i);
    await expect(goodbye).not.toContainText(/closed|after hours|our hours are/i);
    await expect(goodbye).toContainText("End the call");

    // Ten turns in order; the greeting is shown once, above them, and never said again.
    const conversation = page.getByRole("list", { name: "Conversation" });
    await expect(conversation.getByRole("listitem")).toHaveCount(10);
    await expect(conversation.getByRole("listitem").filter({ hasText: /^Caller: / })).toHaveText([
      "Caller: How much is a teeth cleaning?",
      "Caller: Can I come in Thursday morning?",
      "Caller: Yes that works",
      "Caller: Can you confirm my appointment?",
      "Caller: Thanks, bye",
    ]);
    await expect(page.getByTestId("greeting")).toHaveText(`Callers first hear: “${opening}”`);
    await expect(page.getByText(opening)).toHaveCount(1);
    for (const turn of await agentTurns.all()) await expect(turn).not.toContainText(opening);

    // The conversation scrolls in its own box: its start, then its end as after the last turn.
    const box = page.getByRole("region", { name: "Conversation, scrollable" });
    await box.evaluate((element) => element.scrollTo({ top: 0 }));
    await screenshot(page, "test-preview-thread-start");
    await screenshotsAtTwoWidths(page, testInfo, "test-preview-thread", () =>
      box.evaluate((element) => element.scrollTo({ top: element.scrollHeight })),
    );
  });

  test("conversation flow: the script's questions one after another, each answer kept, then a closing", async ({
    page,
  }, testInfo) => {
    await signUpAndAcceptTerms(page);
    for (const agent of [
      { name: "Sam Sales", specialization: "sales", keywords: "price, cost, plan, pricing" },
      { name: "Sky Support", specialization: "support", keywords: "outage, connection, not working" },
    ]) {
      const created = await page.request.post("/api/ai-agents", { data: agent });
      expect(created.status(), await created.text()).toBe(201);
      const toggled = await page.request.post(`/api/ai-agents/${(await created.json()).id}/toggle`);
      expect(toggled.ok(), await toggled.text()).toBe(true);
    }
    // Open around the clock, so the same conversation runs whatever time the test runs at.
    const hours = await page.request.post("/api/ai-settings", { data: { businessHours: "Open 24/7" } });
    expect(hours.ok(), await hours.text()).toBe(true);
    const steps = [
      "What is the service address?",
      "How many people use the internet at home?",
      "Do you mostly stream, game or work from home?",
    ];
    const script = await page.request.post("/api/ai-scripts", {
      data: {
        name: "Acme Internet",
        openingMessage: "Thanks for calling Acme Internet, how can we help?",
        isDefault: true,
        businessRules: ["The Basic plan costs $40 a month.", "The Fiber plan costs $70 a month."],
        conversationFlow: steps,
      },
    });
    expect(script.status(), await script.text()).toBe(201);
    await page.goto("/conversation-flow");
    await expect(page.getByTestId("conversation-so-far")).toHaveText(
      "A new conversation: the next preview is the customer's first words.",
    );

    const results = page.getByTestId("flow-result");
    /** Says `text` and returns what the screen shows of the answer: its turn label and raw answer. */
    const say = async (text: string, button = "Preview Response") => {
      const before = await results.count();
      if (button === "Preview Response") await page.getByLabel("What the customer says").fill(text);
      const sent = page.waitForRequest("**/api/conversation/test");
      await page.getByRole("button", { name: button }).click();
      const history = ((await sent).postDataJSON() as { conversationHistory: { role: string }[] })
        .conversationHistory;
      await expect(results).toHaveCount(before + 1);
      // Newest first.
      const shown = results.first();
      await expect(shown).toContainText(`Customer: ${text}`);
      const answer = JSON.parse((await shown.getByTestId("raw-answer").textContent()) ?? "") as {
        response: string;
        nextAction: string;
        agent: { name: string };
      };
      return { shown, answer, history };
    };
    /** The flow's questions a reply asks, by their place in the flow. */
    const asks = (reply: string) => steps.flatMap((step, index) => (reply.includes(step) ? [index + 1] : []));

    const first = await say("Hi, I'm interested in your internet plans");
    await expect(first.shown.getByTestId("flow-turn")).toHaveText("Turn 1");
    expect(first.history).toEqual([]);
    expect(asks(first.answer.response)).toEqual([1]);

    const second = await say("It's 12 Oak Street, Springfield");
    await expect(second.shown.getByTestId("flow-turn")).toHaveText("Turn 2");
    expect(asks(second.answer.response)).toEqual([2]);

    // Test Again says the same words in the same place: the same question, not the next one.
    const again = await say("It's 12 Oak Street, Springfield", "Test Again");
    await expect(again.shown.getByTestId("flow-turn")).toHaveText("Turn 2 (again)");
    expect(again.history).toHaveLength(2);
    expect(asks(again.answer.response)).toEqual([2]);

    const third = await say("We have four people");
    await expect(third.shown.getByTestId("flow-turn")).toHaveText("Turn 3");
    expect(asks(third.answer.response)).toEqual([3]);

    // Every question answered: none is asked again.
    const fourth = await say("Mostly streaming and working from home");
    await expect(fourth.shown.getByTestId("flow-turn")).toHaveText("Turn 4");
    expect(asks(fourth.answer.response)).toEqual([]);
    expect(fourth.answer.nextAction).not.toBe("end_call");

    const fifth = await say("No, that's all, thanks, bye");
    await expect(fifth.shown.getByTestId("flow-turn")).toHaveText("Turn 5");
    expect(fifth.answer.response).toMatch(/goodbye/i);
    expect(asks(fifth.answer.response)).toEqual([]);
    expect(fifth.answer.nextAction).toBe("end_call");
    // The conversation so far went with the last words: four of the customer's and four answers.
    expect(fifth.history).toHaveLength(8);
    expect(fifth.history.filter((turn) => turn.role === "caller")).toEqual([
      { role: "caller", text: "Hi, I'm interested in your internet plans" },
      { role: "caller", text: "It's 12 Oak Street, Springfield" },
      { role: "caller", text: "We have four people" },
      { role: "caller", text: "Mostly streaming and working from home" },
    ]);
    await expect(page.getByTestId("conversation-so-far")).toHaveText(
      "Conversation so far: the customer has spoken 5 times.",
    );
    // On the screen, each question was asked once across the conversation (the repeated turn 2 aside).
    const replies = [first, second, third, fourth, fifth].map((turn) => turn.answer.response);
    expect(replies.flatMap(asks)).toEqual([1, 2, 3]);

    await screenshotsAtTwoWidths(page, testInfo, "conversation-flow-thread");

    // Clear Results starts a new conversation: the first question again, as turn 1.
    await page.getByRole("button", { name: "Clear Results" }).click();
    await expect(results).toHaveCount(0);
    const restart = await say("Hi, I'm interested in your internet plans");
    expect(restart.history).toEqual([]);
    await expect(restart.shown.getByTestId("flow-turn")).toHaveText("Turn 1");
    expect(asks(restart.answer.response)).toEqual([1]);
  });
});
