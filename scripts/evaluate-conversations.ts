/**
 * `npm run eval:conversations`: the whole conversation engine, judged on the evaluation's
 * conversations (scripts/eval/conversations/, written for this purpose): each one built into a
 * brief by the app's own `callBrief` from a shipped template or hand-made script, agent and
 * settings, driven turn by turn through the calls area's path (plan, engine, compose) at a fixed
 * Tuesday 10:00 in New York with an in-memory calendar, and checked against what a careful
 * receptionist or sales rep would have done.
 *
 * Prints the pass rate per expected disposition and overall (a conversation passes only when its
 * disposition, effects, transfer, end and every reply check hold), how many conversations fail
 * each check, the expected-to-actual disposition counts, the local engine's time per turn, and
 * the failing conversations with their transcripts (the first FAILURES_SHOWN; SHOW=1 prints
 * all, ONLY=<text> those whose id contains it). A report: it always exits 0.
 * `server/engine/conversation-eval.test.ts` holds the engine to a floor.
 */
import { type ConversationResult, describeTime, evaluate } from "./eval/conversation-eval";
import { CONVERSATIONS, THEMES } from "./eval/conversations";

const FAILURES_SHOWN = 12;
const show = process.env.SHOW === "1";
const only = process.env.ONLY?.trim() || null;

const percent = (part: number, whole: number) => (whole ? `${((100 * part) / whole).toFixed(1)}%` : "-");

const summary = await evaluate(CONVERSATIONS);
const { results } = summary;

console.log(
  `conversation engine: ${summary.total} conversations (${results.filter((r) => r.direction === "inbound").length} inbound, ` +
    `${results.filter((r) => r.direction === "outbound").length} outbound), ${summary.turnMs.turns} caller turns, ` +
    "Tuesday 22 September 2026 10:00 America/New_York, local engine (no language model)\n",
);

console.log("Passed by expected disposition (passed: every check holds; disposition: the disposition alone)");
const rows = Object.entries(summary.byDisposition)
  .sort(([, a], [, b]) => b.total - a.total)
  .map(([disposition, row]) => ({
    disposition,
    conversations: row.total,
    passed: row.passed,
    "pass rate": percent(row.passed, row.total),
    "disposition right": percent(row.dispositionRight, row.total),
  }));
const right = Object.values(summary.byDisposition).reduce((sum, row) => sum + row.dispositionRight, 0);
rows.push({
  disposition: "overall",
  conversations: summary.total,
  passed: summary.passed,
  "pass rate": percent(summary.passed, summary.total),
  "disposition right": percent(right, summary.total),
});
console.table(rows);

console.log("Passed by theme");
const byId = new Map(results.map((result) => [result.id, result]));
console.table(
  Object.entries(THEMES).map(([theme, conversations]) => {
    const passed = conversations.filter((c) => byId.get(c.id)?.passed).length;
    return {
      theme,
      conversations: conversations.length,
      passed,
      "pass rate": percent(passed, conversations.length),
    };
  }),
);

console.log("Conversations failing each check");
console.table(
  Object.entries(summary.failuresByCheck)
    .filter(([, count]) => count > 0)
    .sort(([, a], [, b]) => b - a)
    .map(([check, conversations]) => ({ check, conversations })),
);

console.log("Expected disposition (rows) -> the engine's (columns)");
const columns = [...new Set(Object.values(summary.confusion).flatMap((row) => Object.keys(row)))].sort();
console.table(
  Object.fromEntries(
    Object.entries(summary.confusion).map(([want, row]) => [
      want,
      Object.fromEntries(columns.map((got) => [got, row[got] ?? ""])),
    ]),
  ),
);

const ms = (value: number) => `${value.toFixed(2)} ms`;
console.log(
  `Reply time per caller turn (plan, local AI, engine, compose; in process, clock time): ` +
    `p50 ${ms(summary.turnMs.p50)}, p95 ${ms(summary.turnMs.p95)}, max ${ms(summary.turnMs.max)} over ${summary.turnMs.turns} turns\n`,
);

function expected(result: ConversationResult): string {
  const e = result.expected;
  const parts = [`disposition ${e.disposition ?? "none"}`, `ended ${e.ended}`];
  if (e.transferred) parts.push("transferred");
  if (e.doNotCall) parts.push("do-not-call");
  if (e.appointment) parts.push(`appointment ${describeTime(e.appointment)}`);
  if (e.callback) parts.push(`call back ${describeTime(e.callback)}`);
  return parts.join(", ");
}

function actual(result: ConversationResult): string {
  const o = result.outcome;
  const parts = [`disposition ${o.disposition ?? "none"}`, `ended ${o.ended}`];
  if (o.transferred) parts.push("transferred");
  if (o.doNotCall) parts.push("do-not-call");
  if (o.appointments.length) parts.push(`appointment ${o.appointments.join(", ")}`);
  if (o.callbacks.length) parts.push(`call back ${o.callbacks.join(", ")}`);
  return parts.join(", ");
}

function printResult(result: ConversationResult): void {
  console.log(`--- ${result.id} (${result.direction}) ${result.passed ? "passed" : "FAILED"}`);
  if (result.note) console.log(`    why: ${result.note}`);
  console.log(`    expected: ${expected(result)}`);
  console.log(`    got:      ${actual(result)}`);
  console.log(`    AI:     ${result.opening}`);
  for (const turn of result.turns) {
    console.log(`    Caller: ${turn.say}`);
    const marks = `${turn.transferredTo ? " [transferred]" : ""}${turn.ended ? " [ended]" : ""}`;
    console.log(`    AI:     ${turn.reply ?? "(silent)"}${marks}`);
  }
  for (const unsaid of result.unsaid) console.log(`    (never said) Caller: ${unsaid}`);
  for (const failure of result.failures) console.log(`    x ${failure.check}: ${failure.detail}`);
  console.log("");
}

const failing = results.filter((result) => !result.passed && (!only || result.id.includes(only)));
const listed = show || only ? failing : failing.slice(0, FAILURES_SHOWN);
if (listed.length) {
  console.log(
    `Failing conversations${listed.length < failing.length ? ` (the first ${listed.length} of ${failing.length}; SHOW=1 prints all, ONLY=<id text> some)` : ""}:\n`,
  );
  for (const result of listed) printResult(result);
}
if (only) for (const result of results.filter((r) => r.passed && r.id.includes(only))) printResult(result);

console.log(
  `${summary.passed} of ${summary.total} conversations passed (${percent(summary.passed, summary.total)}); ` +
    `disposition right in ${right} (${percent(right, summary.total)})`,
);
