import { ANALYZE_MESSAGE_MAX, ANALYZE_MESSAGE_REQUIRED, type ConversationAnalysis } from "@common/ai-studio";
import { Brain } from "lucide-react";
import { useState } from "react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Field } from "../../../components/ui/field";
import { Textarea } from "../../../components/ui/input";
import { Progress } from "../../../components/ui/progress";
import { formatPercent } from "../../../lib/format";
import { serverMessage } from "../../../lib/toast";
import { useAnalyzeConversation } from "../api/analyze-conversation";

const EXAMPLES = [
  "Hi, my internet has been down since yesterday and I work from home.",
  "I'd like to book a cleaning next Tuesday afternoon if you have anything.",
  "This is urgent, please call me back right away about my father.",
];

/** AI Intelligence: a caller's words read by the engine, and the reply the assistant would give. */
export function IntelligenceTab() {
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<ConversationAnalysis | null>(null);
  const analyze = useAnalyzeConversation();

  const run = (text: string) => {
    if (!text.trim()) {
      setError(ANALYZE_MESSAGE_REQUIRED);
      return;
    }
    setError(null);
    analyze.mutate(
      { message: text },
      {
        onSuccess: setResult,
        onError: (failure) =>
          setError(serverMessage(failure) ?? "The message could not be analyzed. Please try again."),
      },
    );
  };

  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <Brain className="size-5" aria-hidden /> Analyze a conversation
          </CardTitle>
          <CardDescription>
            Read as a caller's first words on a call now, with your assistant's settings and AI flows. Nothing
            is booked or saved.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form
            className="grid grid-cols-1 gap-3"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              run(message);
            }}
          >
            <Field label="What the caller says" hint={`Up to ${ANALYZE_MESSAGE_MAX} characters`}>
              {(props) => (
                <Textarea
                  {...props}
                  rows={4}
                  maxLength={ANALYZE_MESSAGE_MAX}
                  value={message}
                  onChange={(e) => setMessage(e.target.value)}
                />
              )}
            </Field>
            <fieldset className="flex flex-wrap gap-2">
              <legend className="sr-only">Examples</legend>
              {EXAMPLES.map((example, i) => (
                <Button
                  key={example}
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={() => {
                    setMessage(example);
                    run(example);
                  }}
                >
                  Example {i + 1}
                </Button>
              ))}
            </fieldset>
            {error ? (
              <p role="alert" className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
            <Button type="submit" disabled={analyze.isPending} className="justify-self-start">
              {analyze.isPending ? "Analyzing..." : "Analyze"}
            </Button>
          </form>
        </CardContent>
      </Card>
      <Card aria-live="polite">
        <CardHeader>
          <CardTitle>Analysis</CardTitle>
          <CardDescription>
            {result
              ? `Read by ${result.source === "llm" ? "the language model" : "the built-in AI"}`
              : "Analyze a message to see how the assistant reads it."}
          </CardDescription>
        </CardHeader>
        {result ? (
          <CardContent className="grid grid-cols-1 gap-3 text-sm">
            <dl className="grid grid-cols-2 gap-3">
              <div>
                <dt className="text-muted-foreground">Classification</dt>
                <dd className="font-medium capitalize">{result.classification}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Sentiment</dt>
                <dd className="font-medium capitalize">{result.sentiment}</dd>
              </div>
              <div className="col-span-2">
                <dt className="text-muted-foreground">Intent</dt>
                <dd className="font-medium wrap-anywhere">{result.intent}</dd>
              </div>
              <Meter label="Urgency" value={result.urgency} />
              <Meter label="Confidence" value={result.confidence} />
            </dl>
            <div>
              <p className="text-muted-foreground">Recommended response</p>
              <p className="mt-1 rounded-md bg-muted p-2 wrap-anywhere">{result.recommendedResponse}</p>
              {result.flow ? (
                <p className="mt-1 text-xs text-muted-foreground">From your AI flow "{result.flow.name}".</p>
              ) : null}
            </div>
            {result.signals.length ? (
              <div>
                <p className="text-muted-foreground">Why</p>
                <ul className="mt-1 flex flex-wrap gap-1">
                  {result.signals.map((signal) => (
                    <li key={signal} className="min-w-0 max-w-full">
                      <Badge variant="secondary" className="max-w-full truncate">
                        {signal}
                      </Badge>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </CardContent>
        ) : null}
      </Card>
    </div>
  );
}

function Meter({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="grid grid-cols-1 gap-1">
        <span className="font-medium tabular-nums">{formatPercent(value)}</span>
        <Progress value={value * 100} aria-label={label} />
      </dd>
    </div>
  );
}
