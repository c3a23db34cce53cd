import {
  CONVERSATION_MESSAGES,
  type ConversationTestResponse,
  HISTORY_MAX,
  type HistoryTurn,
  TEST_MESSAGE_MAX,
  TEST_PHONE_NUMBER,
} from "@common/agents";
import { Bot, FlaskConical, PhoneForwarded, RotateCcw, Send, User } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Badge } from "../../components/ui/badge";
import { Button, buttonVariants } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { toast } from "../../lib/toast";
import { ConversationTestError, useTestConversation } from "./api/test-conversation";
import { AgentChoice, ScriptChoice } from "./components/agent-choice";
import { confidencePercent, NEXT_ACTION_LABELS } from "./examples";

type Turn =
  | { id: number; role: "caller"; text: string }
  | { id: number; role: "agent"; text: string; answer: ConversationTestResponse };

/**
 * Test Preview: a multi-turn chat with your agents. Every message goes with the
 * conversation so far (conversationHistory), the chosen script and agent, as a call's turns do.
 */
export function TestPreviewPage() {
  const [turns, setTurns] = useState<Turn[]>([]);
  const [message, setMessage] = useState("");
  const [agent, setAgent] = useState("");
  const [script, setScript] = useState("");
  const [direction, setDirection] = useState<"inbound" | "outbound">("inbound");
  const test = useTestConversation();
  const end = useRef<HTMLLIElement>(null);
  // What the workspace's calls open with (the default script's opening, or the settings' greeting).
  const greeting = [...turns].reverse().find((turn) => turn.role === "agent")?.answer.greeting ?? null;

  useEffect(() => {
    if (turns.length) end.current?.scrollIntoView?.({ block: "nearest" });
  }, [turns.length]);

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (test.isPending) return;
    const text = message.trim();
    if (!text) {
      toast({ title: "Error", description: CONVERSATION_MESSAGES.enterMessage, variant: "destructive" });
      return;
    }
    const history: HistoryTurn[] = turns
      .slice(-HISTORY_MAX)
      .map((turn) => ({ role: turn.role, text: turn.text }));
    const caller: Turn = { id: Date.now(), role: "caller", text };
    setTurns((current) => [...current, caller]);
    setMessage("");
    test.mutate(
      {
        message: text,
        phoneNumber: TEST_PHONE_NUMBER,
        agentType: agent || null,
        scriptId: script || null,
        direction,
        conversationHistory: history,
      },
      {
        onSuccess: (answer) =>
          setTurns((current) => [
            ...current,
            { id: Date.now() + 1, role: "agent", text: answer.response, answer },
          ]),
        onError: (error) => {
          // The caller's words were not answered: take them back so they can be sent again.
          setTurns((current) => current.filter((turn) => turn.id !== caller.id));
          setMessage(text);
          toast({
            title: CONVERSATION_MESSAGES.testFailedTitle,
            description:
              error instanceof ConversationTestError
                ? `${CONVERSATION_MESSAGES.testFailed(error.status, error.statusText)}${error.message && error.message !== `${error.status} ${error.statusText}` ? `: ${error.message}` : ""}`
                : error instanceof Error
                  ? error.message
                  : String(error),
            variant: "destructive",
          });
        },
      },
    );
  };

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Test Preview</h1>
          <p className="text-muted-foreground">Talk to your agents as a caller would, turn by turn</p>
        </div>
        <Link to="/agent-tests" className={buttonVariants({ variant: "outline" })}>
          <FlaskConical aria-hidden /> Agent Tests
        </Link>
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <Card className="min-w-0 self-start">
          <CardHeader>
            <CardTitle>Set up</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <AgentChoice value={agent} onChange={setAgent} />
            <ScriptChoice value={script} onChange={setScript} />
            <Field label="Call direction">
              {(props) => (
                <NativeSelect
                  {...props}
                  value={direction}
                  onChange={(event) => setDirection(event.target.value as "inbound" | "outbound")}
                >
                  <option value="inbound">Inbound (they called)</option>
                  <option value="outbound">Outbound (we called)</option>
                </NativeSelect>
              )}
            </Field>
            <Button
              variant="outline"
              onClick={() => setTurns([])}
              disabled={turns.length === 0 || test.isPending}
            >
              <RotateCcw aria-hidden /> New Conversation
            </Button>
          </CardContent>
        </Card>

        <Card className="flex min-w-0 flex-col">
          <CardHeader>
            <CardTitle>Conversation</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            {greeting ? (
              <p className="rounded-md border bg-muted/40 p-3 text-sm wrap-anywhere" data-testid="greeting">
                <span className="font-medium">Callers first hear:</span> “{greeting}”
              </p>
            ) : null}
            {turns.length === 0 ? (
              <p className="rounded-md border border-dashed py-10 text-center text-sm text-muted-foreground">
                No messages yet. Say what a caller would say.
              </p>
            ) : (
              // A long conversation scrolls inside its box.
              <section
                aria-label="Conversation, scrollable"
                className="max-h-[32rem] overflow-y-auto rounded-md pr-1 focus-visible:outline-2 focus-visible:outline-ring"
                // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable).
                tabIndex={0}
              >
                <ol aria-label="Conversation" className="grid gap-3" aria-live="polite">
                  {turns.map((turn) => (
                    <TurnBubble key={turn.id} turn={turn} />
                  ))}
                  <li ref={end} aria-hidden className="h-0" />
                </ol>
              </section>
            )}
            {test.isPending ? (
              <p role="status" className="text-sm text-muted-foreground">
                The agent is answering...
              </p>
            ) : null}
            <form className="flex flex-col gap-2 sm:flex-row sm:items-end" onSubmit={send}>
              <Field label="Your message" className="min-w-0 flex-1">
                {(props) => (
                  <Input
                    {...props}
                    value={message}
                    onChange={(event) => setMessage(event.target.value)}
                    maxLength={TEST_MESSAGE_MAX}
                    autoComplete="off"
                    placeholder="Hi, I have a question about my bill"
                  />
                )}
              </Field>
              <Button type="submit" disabled={test.isPending}>
                <Send aria-hidden /> Send
              </Button>
            </form>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

function TurnBubble({ turn }: { turn: Turn }) {
  if (turn.role === "caller") {
    return (
      <li className="flex justify-end">
        <div className="flex max-w-[85%] min-w-0 items-start gap-2 rounded-lg bg-primary px-3 py-2 text-sm text-primary-foreground">
          <p className="wrap-anywhere">
            <span className="sr-only">Caller: </span>
            {turn.text}
          </p>
          <User className="mt-0.5 size-4 shrink-0" aria-hidden />
        </div>
      </li>
    );
  }
  const { answer } = turn;
  return (
    <li className="flex justify-start" data-testid="agent-turn">
      <div className="grid max-w-[85%] min-w-0 gap-1.5 rounded-lg bg-muted px-3 py-2 text-sm">
        <p className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
          <Bot className="size-4" aria-hidden />
          <span className="font-medium text-foreground">{answer.agent.name}</span>
          {answer.agent.extension ? <span>ext. {answer.agent.extension}</span> : null}
          <span>· {confidencePercent(answer.confidence)}</span>
        </p>
        <p className="wrap-anywhere">{turn.text.trim() || CONVERSATION_MESSAGES.noResponse}</p>
        <p className="flex flex-wrap gap-1">
          <Badge variant="outline">{answer.classification}</Badge>
          <Badge variant="outline">{NEXT_ACTION_LABELS[answer.nextAction] ?? answer.nextAction}</Badge>
        </p>
        {answer.transfer ? (
          <p className="flex items-center gap-1.5 text-xs text-amber-900">
            <PhoneForwarded className="size-3.5 shrink-0" aria-hidden />
            {answer.transferNumber
              ? `Transferred to ${answer.transferNumber}`
              : "Would transfer, but no number is set"}
            {answer.transferReason ? ` (${answer.transferReason})` : ""}
          </p>
        ) : null}
      </div>
    </li>
  );
}
