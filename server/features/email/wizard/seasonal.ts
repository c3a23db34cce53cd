import { SEASONAL_IDEAS, type SeasonalIdea } from "../../../../common/email";

/**
 * Seasonal campaign ideas (six): the next marketing dates of the US calendar
 * from today, fixed dates and the floating holidays computed for the year, nearest first.
 */

type Occasion = {
  theme: string;
  subject: string;
  /** The date in a given year (month is 0-based). */
  date: (year: number) => Date;
};

const fixed = (month: number, day: number) => (year: number) => new Date(Date.UTC(year, month, day));

/** The nth weekday (0 = Sunday) of a month; n = -1 is the last. */
function nthWeekday(year: number, month: number, weekday: number, n: number): Date {
  if (n > 0) {
    const first = new Date(Date.UTC(year, month, 1));
    const offset = (weekday - first.getUTCDay() + 7) % 7;
    return new Date(Date.UTC(year, month, 1 + offset + (n - 1) * 7));
  }
  const last = new Date(Date.UTC(year, month + 1, 0));
  const back = (last.getUTCDay() - weekday + 7) % 7;
  return new Date(Date.UTC(year, month, last.getUTCDate() - back));
}

const OCCASIONS: Occasion[] = [
  { theme: "New Year Kickoff", subject: "Start the new year ahead of schedule", date: fixed(0, 1) },
  { theme: "Valentine's Day", subject: "Show your customers some love this Valentine's", date: fixed(1, 14) },
  { theme: "Spring Refresh", subject: "Spring into savings: fresh start, fresh offer", date: fixed(2, 20) },
  { theme: "Tax Season", subject: "Tax day is coming: free up cash and time", date: fixed(3, 15) },
  {
    theme: "Mother's Day",
    subject: "Celebrate Mom with something special",
    date: (y) => nthWeekday(y, 4, 0, 2),
  },
  {
    theme: "Memorial Day",
    subject: "Memorial Day weekend savings start now",
    date: (y) => nthWeekday(y, 4, 1, -1),
  },
  {
    theme: "Father's Day",
    subject: "A Father's Day offer worth sharing",
    date: (y) => nthWeekday(y, 5, 0, 3),
  },
  { theme: "Summer Kickoff", subject: "Get summer-ready before the rush", date: fixed(5, 21) },
  { theme: "Independence Day", subject: "Fourth of July deals to celebrate independence", date: fixed(6, 4) },
  { theme: "Back to School", subject: "Back-to-school season: get organised early", date: fixed(7, 15) },
  {
    theme: "Labor Day",
    subject: "Labor Day savings for hard-working teams",
    date: (y) => nthWeekday(y, 8, 1, 1),
  },
  { theme: "Fall Planning", subject: "Plan the fall season with a head start", date: fixed(8, 22) },
  { theme: "Halloween", subject: "No tricks, just treats: our Halloween offer", date: fixed(9, 31) },
  {
    theme: "Thanksgiving",
    subject: "Thank you: a Thanksgiving offer for our customers",
    date: (y) => nthWeekday(y, 10, 4, 4),
  },
  {
    theme: "Black Friday",
    subject: "Black Friday: our biggest savings of the year",
    date: (y) => {
      const thanksgiving = nthWeekday(y, 10, 4, 4);
      return new Date(thanksgiving.getTime() + 24 * 60 * 60 * 1000);
    },
  },
  {
    theme: "Cyber Monday",
    subject: "Cyber Monday: online-only savings today",
    date: (y) => {
      const thanksgiving = nthWeekday(y, 10, 4, 4);
      return new Date(thanksgiving.getTime() + 4 * 24 * 60 * 60 * 1000);
    },
  },
  { theme: "Holiday Season", subject: "Holiday savings to wrap up the year", date: fixed(11, 15) },
  { theme: "Year-End Review", subject: "Finish the year strong with a year-end offer", date: fixed(11, 31) },
];

function seasonOf(date: Date): string {
  const month = date.getUTCMonth();
  const day = date.getUTCDate();
  // Astronomical seasons, northern hemisphere, by their usual start dates.
  if ((month === 2 && day >= 20) || month === 3 || month === 4 || (month === 5 && day < 21)) return "Spring";
  if ((month === 5 && day >= 21) || month === 6 || month === 7 || (month === 8 && day < 22)) return "Summer";
  if ((month === 8 && day >= 22) || month === 9 || month === 10 || (month === 11 && day < 21)) return "Fall";
  return "Winter";
}

/** The next SEASONAL_IDEAS occasions on or after today (UTC), nearest first. */
export function seasonalIdeas(now: Date): SeasonalIdea[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const year = now.getUTCFullYear();
  const upcoming = OCCASIONS.map((occasion) => {
    const thisYear = occasion.date(year);
    const date = thisYear.getTime() >= today ? thisYear : occasion.date(year + 1);
    return { occasion, date };
  }).sort((a, b) => a.date.getTime() - b.date.getTime());
  return upcoming.slice(0, SEASONAL_IDEAS).map(({ occasion, date }) => ({
    theme: occasion.theme,
    season: seasonOf(date),
    subject: occasion.subject,
    targetDate: date.toISOString().slice(0, 10),
  }));
}
