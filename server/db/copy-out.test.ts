import { describe, expect, it } from "vitest";
import { copyQueryText, crlfLineEnds, settingText } from "./copy-out";

/** The pure parts of the COPY exports: parameters read from settings, values as text, line ends. */
describe("copyQueryText", () => {
  it("reads each $n from its setting, cast to the type the database inferred", () => {
    const text = copyQueryText(
      {
        sql: 'select "name" from "contacts" where "workspace_id" = $1 and "tags" @> $2 and "x" = $10',
        params: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      },
      ["uuid", "text[]", "text", "text", "text", "text", "text", "text", "text", "timestamp with time zone"],
    );
    expect(text).toBe(
      `select "name" from "contacts" where "workspace_id" = current_setting('copy_out.p1')::uuid and "tags" @> current_setting('copy_out.p2')::text[] and "x" = current_setting('copy_out.p10')::timestamp with time zone`,
    );
  });

  it("refuses a query whose values and parameters do not match", () => {
    expect(() => copyQueryText({ sql: "select $1", params: [] }, ["text"])).toThrow(
      /0 values for 1 parameters/,
    );
  });
});

describe("settingText", () => {
  it("writes an array as PostgreSQL's literal, quotes and backslashes escaped", () => {
    expect(settingText(["vip", 'say "hi"', "back\\slash", "a,b", "{x}"])).toBe(
      '{"vip","say \\"hi\\"","back\\\\slash","a,b","{x}"}',
    );
  });

  it("writes instants in ISO form, numbers and booleans as themselves, and refuses a null", () => {
    expect(settingText(new Date("2026-05-04T15:30:00.123Z"))).toBe("2026-05-04T15:30:00.123Z");
    expect(settingText(42)).toBe("42");
    expect(settingText(false)).toBe("false");
    expect(settingText("%o''brien%")).toBe("%o''brien%");
    expect(() => settingText(null)).toThrow(/null/);
  });
});

/** The converter over text pieces, as UTF-8 bytes in and text out. */
function crlfOverText(): (text: string) => string {
  const toCrlf = crlfLineEnds();
  return (text) => toCrlf(Buffer.from(text)).toString("utf8");
}

describe("crlfLineEnds", () => {
  it("ends lines with CR LF and leaves a quoted cell's own line breaks alone", () => {
    const toCrlf = crlfOverText();
    expect(toCrlf('a,"two\nlines",b\nc,"say ""hi""\nthere",d\n')).toBe(
      'a,"two\nlines",b\r\nc,"say ""hi""\nthere",d\r\n',
    );
  });

  it("remembers a quoted cell cut between two pieces", () => {
    const toCrlf = crlfOverText();
    const pieces = ['x,"first\n', 'half""\nstill",y\n', "z\n"].map(toCrlf);
    expect(pieces.join("")).toBe('x,"first\nhalf""\nstill",y\r\nz\r\n');
  });

  it("works on bytes: a character of several bytes cut between pieces comes out whole", () => {
    const toCrlf = crlfLineEnds();
    const bytes = Buffer.from('"Zoë\nSmith",é\nnext\n');
    const cut = bytes.indexOf(0xc3) + 1; // between the two bytes of ë
    const out = Buffer.concat([toCrlf(bytes.subarray(0, cut)), toCrlf(bytes.subarray(cut))]);
    expect(out.toString("utf8")).toBe('"Zoë\nSmith",é\r\nnext\r\n');
  });

  it("keeps a piece with no quote at all inside the cell it continues", () => {
    const toCrlf = crlfOverText();
    const pieces = ['a,"start\n', "middle\nmore", 'end",b\nc,d\n', "e\n"].map(toCrlf);
    expect(pieces.join("")).toBe('a,"start\nmiddle\nmoreend",b\r\nc,d\r\ne\r\n');
  });
});
