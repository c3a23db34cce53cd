import { describe, expect, it } from "vitest";
import { DEFAULT_AI_SETTINGS, type WorkingHours, WorkingHoursSchema } from "../../../common/ai-settings";
import { readBusinessHours } from "./business-hours-text";

const WEEKDAYS = [1, 2, 3, 4, 5];
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];
const current: WorkingHours = { ...DEFAULT_AI_SETTINGS.workingHours, days: [...WEEKDAYS] };

describe("readBusinessHours reads what people type at sign-up", () => {
  it.each<[string, WorkingHours]>([
    ["Mon-Fri 9am-5pm", { start: "09:00", end: "17:00", days: WEEKDAYS }],
    [
      "Monday to Friday 9 to 6, Saturday 10-2",
      {
        start: "09:00",
        end: "18:00",
        days: [1, 2, 3, 4, 5, 6],
        dayHours: [{ day: 6, start: "10:00", end: "14:00" }],
      },
    ],
    ["9-5 weekdays", { start: "09:00", end: "17:00", days: WEEKDAYS }],
    ["open 24/7", { start: "00:00", end: "23:59", days: EVERY_DAY }],
    ["Tues–Sat 8:30am – 4:30pm, closed Sun", { start: "08:30", end: "16:30", days: [2, 3, 4, 5, 6] }],
    [
      "Mon-Fri 8am-4pm, Sat 9-12",
      {
        start: "08:00",
        end: "16:00",
        days: [1, 2, 3, 4, 5, 6],
        dayHours: [{ day: 6, start: "09:00", end: "12:00" }],
      },
    ],
    // The sign-up form's own placeholder.
    ["Mon-Fri 9:00-17:00", { start: "09:00", end: "17:00", days: WEEKDAYS }],
    ["M-F 9-5", { start: "09:00", end: "17:00", days: WEEKDAYS }],
    ["Monday through Friday, 9:00 AM to 5:00 PM", { start: "09:00", end: "17:00", days: WEEKDAYS }],
    ["Mon, Wed, Fri 10am-4pm", { start: "10:00", end: "16:00", days: [1, 3, 5] }],
    ["Daily 9-5 except Sunday", { start: "09:00", end: "17:00", days: [1, 2, 3, 4, 5, 6] }],
    ["7 days a week, 8am to 8pm", { start: "08:00", end: "20:00", days: EVERY_DAY }],
    ["Weekends 10-4", { start: "10:00", end: "16:00", days: [6, 7] }],
    ["9am - 5pm Monday to Friday", { start: "09:00", end: "17:00", days: WEEKDAYS }],
    ["Mon-Fri 0800-1700", { start: "08:00", end: "17:00", days: WEEKDAYS }],
    ["Mon-Fri 8.30-17.30", { start: "08:30", end: "17:30", days: WEEKDAYS }],
    [
      "We're open Monday to Friday from 9 in the morning until 5 in the evening",
      { start: "09:00", end: "17:00", days: WEEKDAYS },
    ],
    ["between 9 and 5 on weekdays", { start: "09:00", end: "17:00", days: WEEKDAYS }],
    ["Open 24 hours", { start: "00:00", end: "23:59", days: EVERY_DAY }],
    [
      "Mon-Thu 9-5, Fri 9-3",
      { start: "09:00", end: "17:00", days: WEEKDAYS, dayHours: [{ day: 5, start: "09:00", end: "15:00" }] },
    ],
    ["Mon-Fri 9 to noon", { start: "09:00", end: "12:00", days: WEEKDAYS }],
    ["Mon-Fri 6pm-midnight", { start: "18:00", end: "23:59", days: WEEKDAYS }],
    // Without am or pm, hours are read inside the working day.
    ["Mon-Fri 1-5", { start: "13:00", end: "17:00", days: WEEKDAYS }],
    ["Tue-Sat 7-7", { start: "07:00", end: "19:00", days: [2, 3, 4, 5, 6] }],
    ["Fri-Mon 10-4", { start: "10:00", end: "16:00", days: [1, 5, 6, 7] }],
    [
      "Hours: Mon–Fri 9:00am–5:00pm; Sat 10:00am–2:00pm; Sun closed",
      {
        start: "09:00",
        end: "17:00",
        days: [1, 2, 3, 4, 5, 6],
        dayHours: [{ day: 6, start: "10:00", end: "14:00" }],
      },
    ],
    // A Saturday opening earlier than the weekdays: the usual hours are the weekdays'.
    [
      "Mon-Fri 9a-5p, Sat 7a-11a",
      {
        start: "09:00",
        end: "17:00",
        days: [1, 2, 3, 4, 5, 6],
        dayHours: [{ day: 6, start: "07:00", end: "11:00" }],
      },
    ],
    ["Mon–Fri 12:30am–6am", { start: "00:30", end: "06:00", days: WEEKDAYS }],
  ])("%j", (text, expected) => {
    const read = readBusinessHours(text, current);
    expect(read).toEqual(expected);
    // Whatever it reads is working hours the settings API would accept as they are.
    expect(WorkingHoursSchema.parse(read)).toEqual(expected);
  });
});

describe("what the text leaves out comes from the current working hours", () => {
  const saturdays: WorkingHours = { start: "10:00", end: "15:00", days: [6] };

  it("hours alone keep the days", () => {
    expect(readBusinessHours("9 to 5", saturdays)).toEqual({ start: "09:00", end: "17:00", days: [6] });
  });

  it("days alone keep the hours", () => {
    expect(readBusinessHours("Monday to Saturday", saturdays)).toEqual({
      start: "10:00",
      end: "15:00",
      days: [1, 2, 3, 4, 5, 6],
    });
  });

  it("hours and a closed day close that day of the current ones", () => {
    expect(readBusinessHours("8-4, closed Wednesday", current)).toEqual({
      start: "08:00",
      end: "16:00",
      days: [1, 2, 4, 5],
    });
  });
});

describe("text it cannot read whole is left unread", () => {
  it.each([
    ["", "nothing written"],
    ["   ", "only spaces"],
    ["by appointment only", "no days or hours"],
    ["Call anytime", "no days or hours"],
    ["Normal business hours", "a word it does not know"],
    ["Mon-Fri 9-5 EST", "a time zone (the workspace's own zone decides)"],
    ["Mon-Fri 9-5 (lunch 12-1)", "a break inside the day"],
    ["Mon 9-12, 1-5", "two spans on one day"],
    ["Mon-Fri 5pm-9am", "hours past midnight"],
    ["Mon-Fri 9-5, Mon 10-6", "two different hours for one day"],
    ["Closed", "no open day"],
    ["Sat 9", "a time with no end"],
    ["Mon-Fri 9-5; Sat by appointment", "one part unread"],
    ["Summer: Mon-Fri 8-6, Winter: Mon-Fri 9-5", "seasons"],
    ["Mon-Fri 13pm-5pm", "an hour past 12 with pm"],
    ["Mon-Fri 9:75-5", "minutes past 59"],
    ["closed Sunday", "only a closed day"],
  ])("%j (%s)", (text) => {
    expect(readBusinessHours(text, current)).toBeNull();
  });
});
