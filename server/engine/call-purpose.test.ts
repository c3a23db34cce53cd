import { describe, expect, it } from "vitest";
import { callPurposeSentence } from "./call-purpose";

/**
 * A bulk call said "I'm calling about Confirm your appointment…". A purpose is
 * typed in any style; the assistant must say it as a person would.
 */
describe("callPurposeSentence", () => {
  it.each([
    // An instruction: "to" plus the verb, lower-cased, trailing punctuation gone.
    ["Confirm your appointment for Tuesday.", "I'm calling to confirm your appointment for Tuesday."],
    ['  "Confirm your appointment…"  ', "I'm calling to confirm your appointment."],
    ["confirm appointment", "I'm calling to confirm your appointment."],
    ["Schedule a consultation", "I'm calling to schedule a consultation."],
    ["Remind you about tomorrow's cleaning!", "I'm calling to remind you about tomorrow's cleaning."],
    ["Offer our spring discount", "I'm calling to offer our spring discount."],
    ["Thank you for your purchase", "I'm calling to thank you for your purchase."],
    ["Collect feedback", "I'm calling to collect feedback."],
    ["Check in", "I'm calling to check in."],
    ["To confirm your delivery window", "I'm calling to confirm your delivery window."],
    // A verb at work.
    ["Following up on your quote", "I'm following up on your quote."],
    ["Checking in about your order", "I'm checking in about your order."],
    // What the call is about: lower-cased unless a name or an acronym, an article when one is missing.
    ["Appointment reminder", "I'm calling about an appointment reminder."],
    ["Appointment Reminder", "I'm calling about an appointment reminder."],
    ["Billing questions", "I'm calling about billing questions."],
    ["Tax preparation", "I'm calling about tax preparation."],
    ["Cleaning services", "I'm calling about cleaning services."],
    ["Your recent order", "I'm calling about your recent order."],
    ["Survey about our service", "I'm calling about a survey about our service."],
    ["HVAC maintenance visit", "I'm calling about an HVAC maintenance visit."],
    ["IRS payment plan", "I'm calling about an IRS payment plan."],
    ["Tuesday's delivery", "I'm calling about Tuesday's delivery."],
    ["Christmas special", "I'm calling about a Christmas special."],
    ["Rivera Plumbing estimate", "I'm calling about a Rivera Plumbing estimate."],
    ["about your renewal", "I'm calling about your renewal."],
    ["Regarding the invoice from March", "I'm calling about the invoice from March."],
    // A whole sentence, or our own lead-in typed by the user: said once, as written.
    ["We're moving your appointment to 3 pm.", "We're moving your appointment to 3 pm."],
    ["your car is ready for pickup", "Your car is ready for pickup."],
    [
      "I'm calling to remind you about your dental checkup",
      "I'm calling to remind you about your dental checkup.",
    ],
    ["Calling about the open house on Saturday", "I'm calling about the open house on Saturday."],
  ])("%j → %j", (purpose, sentence) => {
    expect(callPurposeSentence(purpose)).toBe(sentence);
  });

  it("says nothing for an empty purpose", () => {
    expect(callPurposeSentence("")).toBeNull();
    expect(callPurposeSentence("  ...  ")).toBeNull();
    expect(callPurposeSentence(undefined)).toBeNull();
  });

  it("never pastes a capitalised instruction mid-sentence", () => {
    for (const purpose of [
      "Confirm your appointment",
      "Book a table",
      "Renew your policy",
      "Share our menu",
    ]) {
      expect(callPurposeSentence(purpose)).not.toMatch(/about [A-Z]/);
      expect(callPurposeSentence(purpose)).toMatch(/^I'm calling to [a-z]/);
    }
  });
});
