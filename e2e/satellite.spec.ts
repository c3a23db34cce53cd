import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { DETAILS_REQUIRED, NO_PACKAGE, SLOT_CAPACITY } from "../common/satellite";
import {
  callingPlaceNow,
  expectAccessible,
  recordAiVoiceConsent,
  screenshot,
  signUpAndAcceptTerms,
  toastText,
} from "./helpers";

/**
 * /viasat-payment: the three packages from the
 * server, the spec's validation toasts, time slots shown only once a date is chosen (a full slot
 * disabled), Proceed to Payment through the local checkout to the paid order with its
 * confirmation number, and Autodial to the customer. One person signs up once for the file.
 */

const STATE = "test-results/satellite-state.json";
test.use({ storageState: STATE });
test.describe.configure({ mode: "serial" });

let contactId = "";
/**
 * The customer lives where it is inside the calling hours now and agreed to calls from the AI
 * assistant, so Autodial's call passes the dial gate.
 */
const place = callingPlaceNow();
const CUSTOMER_PHONE = place.typed("0142");

test.beforeAll(async ({ browser }) => {
  mkdirSync("test-results", { recursive: true });
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await signUpAndAcceptTerms(page);
  await recordAiVoiceConsent(page.request, [place.e164("0142")]);
  const created = await page.request.post("/api/contacts", {
    data: {
      name: "Casey Rivera",
      phoneNumber: CUSTOMER_PHONE,
      timezone: place.zone,
      address: "12 Orchard Lane, Ocala, FL",
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  contactId = ((await created.json()) as { id: string }).id;
  await context.storageState({ path: STATE });
  await context.close();
});

/** The first day installation can be booked, plus `days`. */
async function bookableDay(page: Page, days = 0): Promise<string> {
  const res = await page.request.get("/api/viasat/availability");
  const { earliestDate } = (await res.json()) as { earliestDate: string };
  const date = new Date(`${earliestDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

test("choose a package, schedule the installation and pay: the order and its confirmation number", async ({
  page,
}, testInfo) => {
  await page.goto(`/viasat-payment?contactId=${contactId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Viasat Satellite Internet" })).toBeVisible();
  await expect(page.getByText(`Order for Casey Rivera, ${CUSTOMER_PHONE}`)).toBeVisible();
  for (const [id, price] of [
    ["viasat_unlimited", "$150"],
    ["viasat_choice_30", "$100"],
    ["viasat_choice_50", "$120"],
  ] as const) {
    await expect(page.getByTestId(`package-${id}`)).toContainText(price);
    await expect(page.getByTestId(`package-${id}`)).toContainText("$13/month equipment");
  }

  const proceed = page.getByRole("button", { name: "Proceed to Payment" });
  await proceed.click();
  await expect(toastText(page, NO_PACKAGE)).toBeVisible();
  await page.getByTestId("package-viasat_unlimited").click();
  await expect(page.getByTestId("package-viasat_unlimited")).toHaveAttribute("aria-pressed", "true");
  await proceed.click();
  await expect(toastText(page, DETAILS_REQUIRED)).toBeVisible();

  // The slots appear only once a date is chosen.
  await expect(page.getByRole("button", { name: /8:00 AM - 12:00 PM/ })).toHaveCount(0);
  const day = await bookableDay(page, 1);
  await page.getByLabel("Preferred installation date").fill(day);
  await page.getByRole("button", { name: /9:00 AM - 1:00 PM/ }).click();
  await page.getByLabel("Installation address").fill("12 Orchard Lane, Ocala, FL 34470");
  await page.getByLabel("Special instructions (optional)").fill("Dog in the yard");
  await expect(page.getByTestId("order-summary")).toContainText("$163");
  // The office's hours are not the installers': the 8-12 and 2-6 slots are not outside them.
  await expect(page.getByText("our office answers 9 AM - 5 PM EST")).toBeVisible();
  await expect(page.getByText("Installation team hours")).toHaveCount(0);
  await expectAccessible(page, testInfo, "/viasat-payment");
  await screenshot(page, "satellite-order-desktop");

  await proceed.click();
  await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: "Viasat Unlimited" })).toBeVisible();
  await expect(page.getByText("12 Orchard Lane, Ocala, FL 34470")).toBeVisible();
  await screenshot(page, "satellite-checkout");
  await page.getByRole("button", { name: "Confirm and Pay $163" }).click();
  await expect(toastText(page, "Your order for Viasat Unlimited is confirmed.")).toBeVisible();
  await expect(page).toHaveURL(/\/viasat-payment\?checkout=success$/);
  await expect(page.getByText("Payment received.")).toBeVisible();
  const orders = page.getByRole("list", { name: "Satellite orders" });
  await expect(orders.getByText(/^VS-[A-Z2-9]{8}$/)).toBeVisible();
  await expect(orders).toContainText(`Installation ${day}, 9:00 AM - 1:00 PM`);
  await expect(orders).toContainText("Paid");
  await screenshot(page, "satellite-paid");

  // The order is on the customer's record, and the installation in the calendar.
  const contact = await (await page.request.get(`/api/contacts/${contactId}`)).json();
  expect(contact.notes).toMatch(/Viasat Unlimited order VS-[A-Z2-9]{8} \(paid/);
  const appointments = await (await page.request.get("/api/appointments?filter=upcoming")).json();
  expect(appointments.map((a: { title: string }) => a.title).join("\n")).toMatch(
    /Viasat installation: Unlimited/,
  );
});

test("a full slot cannot be chosen; Autodial calls the customer", async ({ page }) => {
  const day = await bookableDay(page, 3);
  const packages = await (await page.request.get("/api/viasat/packages")).json();
  for (let i = 0; i < SLOT_CAPACITY; i++) {
    const booked = await page.request.post("/api/viasat/schedule-installation", {
      data: {
        packageId: packages.packages[1].id,
        appointmentData: { preferredDate: day, timeSlot: "2-6", address: "1 Main St, Ocala, FL" },
      },
    });
    expect(booked.status(), await booked.text()).toBe(200);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/viasat-payment?contactId=${contactId}`);
  await page.getByLabel("Preferred installation date").fill(day);
  const full = page.getByRole("button", { name: /2:00 PM - 6:00 PM/ });
  await expect(full).toBeDisabled();
  await expect(full).toContainText("Fully booked");
  await expect(page.getByRole("button", { name: /8:00 AM - 12:00 PM/ })).toContainText(
    `${SLOT_CAPACITY} left`,
  );
  await screenshot(page, "satellite-full-slot-phone");

  await page.getByRole("button", { name: "Autodial customer" }).click();
  await expect(toastText(page, `Calling Casey Rivera at ${CUSTOMER_PHONE}`)).toBeVisible();
});

test("a workspace admin edits a package: the new price is offered, a bad price refused", async ({ page }) => {
  await page.goto("/viasat-payment");
  await page.getByText("Edit packages").click();
  const choice30 = page.getByRole("form", { name: "Package Choice 30" });
  await choice30.getByLabel("Price ($/month)").fill("-1");
  await choice30.getByRole("button", { name: "Save Choice 30" }).click();
  await expect(toastText(page, "The price cannot be negative")).toBeVisible();
  await choice30.getByLabel("Price ($/month)").fill("95");
  await choice30.getByRole("button", { name: "Save Choice 30" }).click();
  await expect(toastText(page, "Choice 30 is updated.")).toBeVisible();
  await expect(page.getByTestId("package-viasat_choice_30")).toContainText("$95");
  await screenshot(page, "satellite-package-settings");
});
