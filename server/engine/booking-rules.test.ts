import { describe, expect, it } from "vitest";
import { bookingRules, partySizeIn } from "./booking-rules";
import { factsOf } from "./knowledge";

const rulesOf = (text: string) => bookingRules(factsOf(text, "script"));

describe("the notice a booking needs, from the business's rules", () => {
  it("reads hours, days and weeks said in words or digits", () => {
    expect(rulesOf("Tours need at least three hours notice.").notice).toMatchObject({
      amount: 180,
      unit: "minutes",
    });
    expect(rulesOf("Deliveries are booked 48 hours in advance.").notice).toMatchObject({ amount: 2880 });
    expect(rulesOf("Fittings are at least one day ahead.").notice).toMatchObject({ amount: 1, unit: "days" });
    expect(rulesOf("Kitchen installs need two weeks' notice.").notice).toMatchObject({
      amount: 14,
      unit: "days",
    });
  });

  it("leaves out notice for cancelling, moving or replying", () => {
    expect(rulesOf("Cancellations need 24 hours notice or a fee applies.").notice).toBeNull();
    expect(rulesOf("To reschedule, give us two days notice.").notice).toBeNull();
    expect(rulesOf("Please book loaners in advance.").notice).toBeNull();
  });
});

describe("parties too large to book", () => {
  it("reads the size from which a person arranges it", () => {
    expect(rulesOf("Groups of 12 or more are handled by our events team.").partyLimit?.atLeast).toBe(12);
    expect(
      rulesOf("Bookings for more than six guests need a deposit, arranged by the owner.").partyLimit?.atLeast,
    ).toBe(7);
    expect(rulesOf("We seat walk-ins at the bar.").partyLimit).toBeNull();
  });

  it("hears how many people a booking is for, not a time", () => {
    expect(partySizeIn("a table for nine on Friday")).toBe(9);
    expect(partySizeIn("there'll be 14 of us")).toBe(14);
    expect(partySizeIn("eleven people at 7")).toBe(11);
    expect(partySizeIn("can you book me for 8 tonight")).toBeNull();
  });
});
