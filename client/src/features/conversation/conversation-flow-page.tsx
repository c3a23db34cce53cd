import {
  type ConversationTestResponse,
  DEFAULT_TEST_MESSAGE,
  HISTORY_MAX,
  type HistoryTurn,
  TEST_MESSAGE_MAX,
  TEST_PHONE_NUMBER,
} from "@common/agents";
import { PhoneForwarded, Play, RotateCcw, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { Textarea } from "../../components/ui/input";
import { useTestConversation } from "./api/test-conversation";
import { QUICK_EXAMPLES } from "./examples";

type Result = { id: number; message: string; turn: number; again: boolean } & (
  | { ok: true; answer: ConversationTestResponse }
  | { ok: false; error: string }
);

/** A preview as sent: the customer's words and the conversation before them. */
type Sent = { text: string; history: HistoryTurn[] };

/** How many times the customer has spoken in `turns`. */
const customerTurns = (turns: HistoryTurn[]) => turns.filter((turn) => turn.role === "caller").length;

/**
 * Conversation Flow (plain): type what a customer says and see the agent's answer as
 * raw data. Quick examples, Clear Results and Test Again. A transfer case (enterprise-level,
 * custom equipment, special pricing, multiple locations, complex) is decided by the server, which
 * answers the transfer number, the hold and fallback messages and the TwiML it would play.
 *
 * Each preview continues one conversation, as the turns of a call do: it goes with the
 * conversation so far (conversationHistory), so the engine remembers what was asked and answered
 * (the script's questions one after another, a time already agreed). Test Again says the last
 * message again in the same place of the conversation and its answer takes the earlier one's
 * place; Clear Results starts a new conversation.
 */
export function ConversationFlowPage() {
  const [message, setMessage] = useState("");
  const [results, setResults] = useState<Result[]>([]);
  const [thread, setThread] = useState<HistoryTurn[]>([]);
  const [last, setLast] = useState<Sent | null>(null);
  const test = useTestConversation();

  const run = ({ text, history }: Sent, again: boolean) => {
    setLast({ text, history });
    // The server answers an empty message as the default greeting: the conversation remembers that.
    const said = text.trim() || DEFAULT_TEST_MESSAGE;
    const shown = { id: Date.now(), message: text, turn: customerTurns(history) + 1, again };
    test.mutate(
      { message: text, phoneNumber: TEST_PHONE_NUMBER, conversationHistory: history.slice(-HISTORY_MAX) },
      {
        onSuccess: (answer) => {
          const reply = answer.response.trim().slice(0, TEST_MESSAGE_MAX);
          setThread([
            ...history,
            { role: "caller", text: said.slice(0, TEST_MESSAGE_MAX) },
            ...(reply ? [{ role: "agent" as const, text: reply }] : []),
          ]);
          setResults((current) => [{ ...shown, ok: true, answer }, ...current]);
        },
        // An unanswered message is not part of the conversation.
        onError: (error) =>
          setResults((current) => [
            { ...shown, ok: false, error: error instanceof Error ? error.message : String(error) },
            ...current,
          ]),
      },
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!test.isPending) run({ text: message, history: thread }, false);
  };
  const spoken = customerTurns(thread);

  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="text-2xl font-bold">Conversation Flow</h1>
        <p className="text-muted-foreground">Preview how your agents answer a customer, as the raw answer</p>
      </div>

      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>Customer message</CardTitle>
          <CardDescription>
            Routed and answered as on a call with your agents and default script. Each preview continues the
            conversation so far; Clear Results starts a new one.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form className="grid gap-4" onSubmit={submit}>
            <Field label="What the customer says">
              {(props) => (
                <Textarea
                  {...props}
                  value={message}
                  onChange={(event) => setMessage(event.target.value)}
                  rows={3}
                  maxLength={TEST_MESSAGE_MAX}
                  placeholder="Hi, I'm interested in your internet plans..."
                />
              )}
            </Field>
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">Quick examples</legend>
              <div className="flex flex-wrap gap-2">
                {QUICK_EXAMPLES.map((example) => (
                  <Button
                    key={example.label}
                    type="button"
                    variant="outline"
                    size="sm"
                    className="h-auto min-h-8 whitespace-normal py-1 text-left"
                    onClick={() => setMessage(example.message)}
                  >
                    {example.label}
                    {example.transfer ? <Badge variant="warning">Transfer test</Badge> : null}
                  </Button>
                ))}
              </div>
            </fieldset>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={test.isPending}>
                <Play aria-hidden /> {test.isPending ? "Previewing..." : "Preview Response"}
              </Button>
              <Button
                type="button"
                variant="outline"
                disabled={last === null || test.isPending}
                onClick={() => last !== null && run(last, true)}
              >
                <RotateCcw aria-hidden /> Test Again
              </Button>
              <Button
                type="button"
                variant="outline"
                disabled={results.length === 0}
                onClick={() => {
                  setResults([]);
                  setLast(null);
                  setThread([]);
                }}
              >
                <Trash2 aria-hidden /> Clear Results
              </Button>
            </div>
            <p className="text-sm text-muted-foreground" data-testid="conversation-so-far" aria-live="polite">
              {spoken === 0
                ? "A new conversation: the next preview is the customer's first words."
                : `Conversation so far: the customer has spoken ${spoken === 1 ? "once" : `${spoken} times`}.`}
            </p>
          </form>
        </CardContent>
      </Card>

      <section aria-label="Results" className="grid gap-4" aria-busy={test.isPending}>
        {results.length === 0 ? (
          <p className="rounded-lg border border-dashed py-10 text-center text-sm text-muted-foreground">
            {test.isPending ? "Previewing..." : "No previews yet. Type a message or pick an example."}
          </p>
        ) : (
          results.map((result) => <ResultBlock key={result.id} result={result} />)
        )}
      </section>
    </div>
  );
}

function ResultBlock({ result }: { result: Result }) {
  return (
    <article className="grid min-w-0 gap-3 rounded-lg border bg-card p-4" data-testid="flow-result">
      <p className="text-xs font-medium text-muted-foreground" data-testid="flow-turn">
        Turn {result.turn}
        {result.again ? " (again)" : ""}
      </p>
      <p className="text-sm wrap-anywhere">
        <span className="font-medium">Customer:</span>{" "}
        {result.message || <em>(empty: the default greeting)</em>}
      </p>
      {result.ok ? (
        <>
          {/* A long answer scrolls inside its box (on a phone, most do). */}
          <section
            aria-label={`Turn ${result.turn} raw answer, scrollable`}
            className="max-h-96 overflow-auto rounded-md bg-muted focus-visible:outline-2 focus-visible:outline-ring"
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable).
            tabIndex={0}
          >
            <pre className="p-3 text-xs whitespace-pre-wrap wrap-anywhere" data-testid="raw-answer">
              {JSON.stringify(rawView(result.answer), null, 2)}
            </pre>
          </section>
          {result.answer.transfer ? <TransferBlock answer={result.answer} /> : null}
        </>
      ) : (
        <pre
          role="alert"
          className="rounded-md bg-destructive/10 p-3 text-xs whitespace-pre-wrap text-destructive wrap-anywhere"
        >
          Error: {result.error}
        </pre>
      )}
    </article>
  );
}

/** The answer without the transfer document, which is shown on its own below. */
function rawView(answer: ConversationTestResponse) {
  const { twiml: _twiml, holdMessage: _hold, fallbackMessage: _fallback, ...rest } = answer;
  return rest;
}

function TransferBlock({ answer }: { answer: ConversationTestResponse }) {
  return (
    <div className="grid min-w-0 gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <p className="flex items-center gap-2 font-semibold">
        <PhoneForwarded className="size-4 shrink-0" aria-hidden />
        {answer.transferNumber
          ? `Transfer to ${answer.transferNumber}`
          : "Transfer wanted, but there is no number to call"}
      </p>
      {answer.transferNumber ? null : (
        <p>
          Add your cell number in Settings, or a transfer number on the default script's Advanced tab: until
          then the caller is asked to leave a message.
        </p>
      )}
      {answer.transferReason ? <p className="wrap-anywhere">Why: {answer.transferReason}</p> : null}
      {answer.holdMessage ? <p className="wrap-anywhere">Hold message: {answer.holdMessage}</p> : null}
      {answer.fallbackMessage ? (
        <p className="wrap-anywhere">Fallback message: {answer.fallbackMessage}</p>
      ) : null}
      {answer.twiml ? (
        <>
          <p className="font-medium">TwiML</p>
          <pre
            className="overflow-auto rounded bg-white/70 p-2 text-xs whitespace-pre-wrap wrap-anywhere"
            data-testid="twiml"
          >
            {answer.twiml.replace(/></g, ">\n<")}
          </pre>
        </>
      ) : null}
    </div>
  );
}
