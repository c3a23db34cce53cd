import type { GeneratedEmail } from "@common/email";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs";
import { HtmlPreview } from "./html-preview";

/** The wizard's generated email: subject, the HTML and text versions, and the advice with it. */
export function GeneratedEmailView({ email }: { email: GeneratedEmail }) {
  return (
    <div className="grid gap-4">
      <div>
        <p className="text-xs font-medium uppercase text-muted-foreground">Subject</p>
        <p className="font-semibold" data-testid="generated-subject">
          {email.subject}
        </p>
      </div>
      <Tabs defaultValue="html">
        <TabsList aria-label="Email versions">
          <TabsTrigger value="html">HTML</TabsTrigger>
          <TabsTrigger value="text">Text</TabsTrigger>
        </TabsList>
        <TabsContent value="html">
          <HtmlPreview html={email.htmlContent} title="Generated email (HTML)" />
        </TabsContent>
        <TabsContent value="text">
          {/* A long email scrolls; the region is focusable so keyboard users can scroll it. */}
          <section
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable).
            tabIndex={0}
            aria-label="Generated email (text)"
            className="max-h-72 overflow-auto rounded-md border bg-muted/40 p-3"
          >
            <pre className="whitespace-pre-wrap font-sans text-sm" data-testid="generated-text">
              {email.textContent}
            </pre>
          </section>
        </TabsContent>
      </Tabs>
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-medium">Expected response</dt>
          <dd className="text-muted-foreground">{email.expectedResponse}</dd>
        </div>
        <div>
          <dt className="font-medium">Best send time</dt>
          <dd className="text-muted-foreground">{email.bestSendTime}</dd>
        </div>
        <div>
          <dt className="font-medium">Personalization tips</dt>
          <dd>
            <ul className="list-disc pl-5 text-muted-foreground">
              {email.personalizationTips.map((tip) => (
                <li key={tip}>{tip}</li>
              ))}
            </ul>
          </dd>
        </div>
        <div>
          <dt className="font-medium">Follow-up suggestions</dt>
          <dd>
            <ul className="list-disc pl-5 text-muted-foreground">
              {email.followUpSuggestions.map((suggestion) => (
                <li key={suggestion}>{suggestion}</li>
              ))}
            </ul>
          </dd>
        </div>
      </dl>
    </div>
  );
}
