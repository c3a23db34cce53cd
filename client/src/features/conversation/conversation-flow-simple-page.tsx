import {
  CONVERSATION_MESSAGES,
  type ConversationTestResponse,
  DEFAULT_TEST_MESSAGE,
  TEST_MESSAGE_MAX,
  TEST_PHONE_NUMBER,
} from "@common/agents";
import { Bot, MessageSquareDashed, PhoneForwarded, Play, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { Textarea } from "../../components/ui/input";
import { toast } from "../../lib/toast";
import { useTestConversation } from "./api/test-conversation";
import { AgentChoice } from "./components/agent-choice";
import { confidencePercent, NEXT_ACTION_LABELS, QUICK_EXAMPLES } from "./examples";

type Preview = { id: number; message: string; answer: ConversationTestResponse };

/**
 * Conversation Flow simple: the same preview as cards, each with the responding agent's
 * name, specialization, extension, confidence, response and routing reason. An empty message is
 * the default greeting and a fixed test number is sent.
 */
export function ConversationFlowSimplePage() {
  const [message, setMessage] = useState("");
  const [agent, setAgent] = useState("");
  const [previews, setPreviews] = useState<Preview[]>([]);
  const test = useTestConversation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (test.isPending) return;
    const text = message.trim() || DEFAULT_TEST_MESSAGE;
    test.mutate(
      { message: text, phoneNumber: TEST_PHONE_NUMBER, agentType: agent || null, conversationHistory: [] },
      {
        onSuccess: (answer) => {
          setPreviews((current) => [{ id: Date.now(), message: text, answer }, ...current]);
          toast({
            title: CONVERSATION_MESSAGES.previewCompleted,
            description: CONVERSATION_MESSAGES.respondedSuccessfully(answer.agent.name),
          });
        },
        onError: (error) =>
          toast({
            title: CONVERSATION_MESSAGES.previewFailed,
            description:
              error instanceof Error && error.message
                ? error.message
                : CONVERSATION_MESSAGES.previewFailedDetail,
            variant: "destructive",
          }),
      },
    );
  };

  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <h1 className="text-2xl font-bold">Conversation Flow</h1>
        <p className="text-muted-foreground">Preview which agent answers a customer, and what it says</p>
      </div>

      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>Test a message</CardTitle>
        </CardHeader>
        <CardContent>
          <form className="grid gap-4" onSubmit={submit}>
            <Field label="Customer message" hint="Leave empty to send a greeting.">
              {(props) => (
                <Textarea
                  {...props}
                  value={message}
                  onChange={(event) => setMessage(event.target.value)}
                  rows={3}
                  maxLength={TEST_MESSAGE_MAX}
                  placeholder={DEFAULT_TEST_MESSAGE}
                />
              )}
            </Field>
            <div className="flex flex-wrap gap-2">
              {QUICK_EXAMPLES.map((example) => (
                <Button
                  key={example.label}
                  type="button"
                  variant="outline"
                  size="sm"
                  className="h-auto min-h-8 whitespace-normal py-1"
                  onClick={() => setMessage(example.message)}
                >
                  {example.label}
                </Button>
              ))}
            </div>
            <div className="grid gap-4 sm:grid-cols-[minmax(0,20rem)_auto] sm:items-end">
              <AgentChoice value={agent} onChange={setAgent} />
              <div className="flex flex-wrap gap-2">
                <Button type="submit" disabled={test.isPending}>
                  <Play aria-hidden /> {test.isPending ? "Previewing..." : "Preview"}
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  disabled={previews.length === 0}
                  onClick={() => setPreviews([])}
                >
                  <Trash2 aria-hidden /> Clear Results
                </Button>
              </div>
            </div>
          </form>
        </CardContent>
      </Card>

      <section aria-label="Test results" className="grid gap-4" aria-busy={test.isPending}>
        {previews.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed py-12 text-center">
            <MessageSquareDashed className="size-10 text-muted-foreground" aria-hidden />
            <h2 className="font-semibold">{CONVERSATION_MESSAGES.noResults}</h2>
            <p className="max-w-sm px-4 text-sm text-muted-foreground">
              Send a message to see which agent answers it and why.
            </p>
          </div>
        ) : (
          <ul aria-label="Previews" className="grid gap-4 lg:grid-cols-2">
            {previews.map((preview) => (
              <PreviewCard key={preview.id} preview={preview} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function PreviewCard({ preview }: { preview: Preview }) {
  const { answer } = preview;
  return (
    <li className="grid min-w-0 gap-3 rounded-lg border bg-card p-4 shadow-sm" data-testid="preview-card">
      <p className="text-sm text-muted-foreground wrap-anywhere">“{preview.message}”</p>
      <div className="flex min-w-0 flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 items-center gap-2">
          <Bot className="size-5 shrink-0 text-primary" aria-hidden />
          <div className="grid min-w-0">
            <h3 className="font-semibold wrap-anywhere" data-testid="preview-agent">
              {answer.agent.name}
            </h3>
            <p className="text-xs text-muted-foreground">
              {answer.agent.specialization}
              {answer.agent.extension ? ` · Ext. ${answer.agent.extension}` : ""}
            </p>
          </div>
        </div>
        <Badge variant="secondary" data-testid="preview-confidence">
          {confidencePercent(answer.confidence)} confidence
        </Badge>
      </div>
      <p className="rounded-md bg-muted/60 p-3 text-sm wrap-anywhere" data-testid="preview-response">
        {answer.response.trim() || CONVERSATION_MESSAGES.noResponse}
      </p>
      {answer.routingReason ? (
        <p className="text-xs text-muted-foreground wrap-anywhere">
          <span className="font-medium text-foreground">Routing:</span> {answer.routingReason}
        </p>
      ) : null}
      <p className="flex flex-wrap gap-1.5 text-xs">
        <Badge variant="outline">{answer.classification}</Badge>
        <Badge variant="outline">{NEXT_ACTION_LABELS[answer.nextAction] ?? answer.nextAction}</Badge>
        {answer.processingTime !== undefined ? (
          <Badge variant="outline">{Math.round(answer.processingTime)} ms</Badge>
        ) : null}
      </p>
      {answer.transfer ? (
        <p className="flex items-center gap-2 text-sm text-amber-900">
          <PhoneForwarded className="size-4 shrink-0" aria-hidden />
          {answer.transferNumber
            ? `Transfers to ${answer.transferNumber}`
            : "Would transfer, but no number is set: the caller is asked to leave a message"}
        </p>
      ) : null}
    </li>
  );
}
