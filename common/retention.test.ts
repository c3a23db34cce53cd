import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  DATA_DELETION_WARNING_DAYS,
  DATA_RETENTION_DAYS_AFTER_SUBSCRIPTION,
  dataDeletionDate,
  KEEP_DATA_MAX_DAYS,
  KeepDataUntilRequest,
  RECORDING_RETENTION_DAYS,
} from "./retention";

const read = (file: string) => readFileSync(new URL(file, import.meta.url), "utf8");

describe("the Terms' periods", () => {
  it("are the ones the README names in Data retention", () => {
    const readme = read("../README.md");
    const section = readme.slice(readme.indexOf("## Data retention"), readme.indexOf("## Background jobs"));
    expect(section).toContain(`Call recordings and voicemail audio: ${RECORDING_RETENTION_DAYS} days.`);
    expect(section).toContain(`older than ${RECORDING_RETENTION_DAYS} days`);
    expect(section).toContain(
      `A workspace's data: ${DATA_RETENTION_DAYS_AFTER_SUBSCRIPTION} days after its subscription ended`,
    );
    expect(section).toContain(`warned by email ${DATA_DELETION_WARNING_DAYS} days`);
    expect(section).toContain(`at most ${KEEP_DATA_MAX_DAYS} days ahead`);
    // No other number of days is named for them.
    const days = [...section.matchAll(/(\d+) days/g)].map((match) => Number(match[1]));
    expect(new Set(days)).toEqual(
      new Set([
        RECORDING_RETENTION_DAYS,
        DATA_RETENTION_DAYS_AFTER_SUBSCRIPTION,
        DATA_DELETION_WARNING_DAYS,
        KEEP_DATA_MAX_DAYS,
      ]),
    );
  });

  it("are what the Terms screen shows, from these constants rather than typed in", () => {
    const terms = read("../client/src/features/auth/components/terms-modal.tsx");
    expect(terms).toContain("{RECORDING_RETENTION_DAYS} days");
    expect(terms).toContain("{DATA_RETENTION_DAYS_AFTER_SUBSCRIPTION} days");
    expect(terms).not.toMatch(
      new RegExp(
        `\\b(${RECORDING_RETENTION_DAYS}|${DATA_RETENTION_DAYS_AFTER_SUBSCRIPTION}) days\\b(?! ?'? ?notice)`,
      ),
    );
  });
});

describe("dataDeletionDate", () => {
  const ended = new Date("2031-03-04T10:30:00.000Z");

  it("is the retention period after the end", () => {
    expect(dataDeletionDate(ended, null).toISOString()).toBe("2031-04-03T10:30:00.000Z");
  });

  it("is the day after the administrator's kept day when that is later, and the Terms' day when it is not", () => {
    expect(dataDeletionDate(ended, "2031-06-01").toISOString()).toBe("2031-06-02T00:00:00.000Z");
    expect(dataDeletionDate(ended, "2031-03-10").toISOString()).toBe("2031-04-03T10:30:00.000Z");
  });
});

describe("KeepDataUntilRequest", () => {
  it("takes a calendar day or null, and refuses anything else with a message", () => {
    expect(KeepDataUntilRequest.parse({ keepDataUntil: "2031-02-28" })).toEqual({
      keepDataUntil: "2031-02-28",
    });
    expect(KeepDataUntilRequest.parse({ keepDataUntil: null })).toEqual({ keepDataUntil: null });
    const message = (value: unknown) =>
      KeepDataUntilRequest.safeParse({ keepDataUntil: value }).error?.issues[0]?.message;
    expect(message("2031-02-30")).toBe("That day is not in the calendar");
    expect(message("04/03/2031")).toBe("Give the date as YYYY-MM-DD");
    expect(message(undefined)).toBeTruthy();
  });
});
