import {
  CAMPAIGN_TYPES,
  EMAIL_PURPOSES,
  EMAIL_TONES,
  GENERATION_FAILED,
  GENERATION_FAILED_TITLE,
  type GeneratedEmail,
  WIZARD_INDUSTRIES,
  WIZARD_STEPS,
  type WizardStateParsed,
} from "@common/email";
import { ArrowLeft, ArrowRight, RotateCcw, Save, Sparkles } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Field } from "../../components/ui/field";
import { Input, Textarea } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { Progress } from "../../components/ui/progress";
import { toast, toastError } from "../../lib/toast";
import { useCreateTemplate } from "./api/create-template";
import { useGenerateEmail } from "./api/generate-email";
import { GeneratedEmailView } from "./components/generated-email-view";
import { ListInput } from "./components/list-input";
import { SeasonalIdeas } from "./components/seasonal-ideas";
import { enumLabel } from "./labels";

type Wizard = Omit<WizardStateParsed, "step">;

const EMPTY: Wizard = {
  campaignType: "general_business",
  productService: "",
  businessName: "",
  industry: "other",
  location: "",
  targetAudience: "",
  tone: "professional",
  purpose: "introduction",
  painPoints: [],
  competitors: [],
  specialOffers: [],
  customInstructions: "",
};

const STEP_TITLES = ["Your Business", "Audience and Tone", "Details", "Generated Email", "Review and Launch"];

/**
 * Email Wizard (/email-wizard): five steps; Next and Back move one step within
 * 1..5; step 3 generates and the wizard moves to step 4 on success; step 5 reviews the email,
 * saves it as a template and shows seasonal ideas (fetched only there).
 */
export function EmailWizardPage() {
  const [step, setStep] = useState(1);
  const [wizard, setWizard] = useState<Wizard>(EMPTY);
  const [email, setEmail] = useState<GeneratedEmail | null>(null);
  const generate = useGenerateEmail();
  const set = <K extends keyof Wizard>(key: K, value: Wizard[K]) =>
    setWizard((w) => ({ ...w, [key]: value }));

  const runGeneration = () =>
    generate.mutate(
      { ...wizard, step },
      {
        onSuccess: (generated) => {
          setEmail(generated);
          setStep(4);
        },
        onError: () =>
          toast({ title: GENERATION_FAILED_TITLE, description: GENERATION_FAILED, variant: "destructive" }),
      },
    );

  const startOver = () => {
    setWizard(EMPTY);
    setEmail(null);
    setStep(1);
  };

  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-2xl font-bold">AI Email Wizard</h1>
          <p className="text-muted-foreground">Describe your business and offer; get a ready-to-send email</p>
        </div>
        <Button asChild variant="outline">
          <Link to="/email-marketing">Email Marketing</Link>
        </Button>
      </div>
      <div className="grid gap-2">
        <p className="text-sm font-medium" aria-live="polite">
          Step {step} of {WIZARD_STEPS}: {STEP_TITLES[step - 1]}
        </p>
        <Progress value={(step / WIZARD_STEPS) * 100} aria-label={`Step ${step} of ${WIZARD_STEPS}`} />
      </div>

      <Card>
        <CardHeader>
          <CardTitle>{STEP_TITLES[step - 1]}</CardTitle>
          <CardDescription>{STEP_HINTS[step - 1]}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {step === 1 ? (
            <>
              <Field label="Campaign type">
                {(props) => (
                  <NativeSelect
                    {...props}
                    value={wizard.campaignType}
                    onChange={(e) => set("campaignType", e.target.value as Wizard["campaignType"])}
                  >
                    {CAMPAIGN_TYPES.map((value) => (
                      <option key={value} value={value}>
                        {enumLabel(value)}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </Field>
              <Field label="Business name">
                {(props) => (
                  <Input
                    {...props}
                    value={wizard.businessName}
                    maxLength={200}
                    placeholder="Bay Plumbing"
                    onChange={(e) => set("businessName", e.target.value)}
                  />
                )}
              </Field>
              <Field label="Product or service">
                {(props) => (
                  <Input
                    {...props}
                    value={wizard.productService}
                    maxLength={500}
                    placeholder="24/7 emergency plumbing"
                    onChange={(e) => set("productService", e.target.value)}
                  />
                )}
              </Field>
              <Field label="Industry">
                {(props) => (
                  <NativeSelect
                    {...props}
                    value={wizard.industry}
                    onChange={(e) => set("industry", e.target.value as Wizard["industry"])}
                  >
                    {WIZARD_INDUSTRIES.map((value) => (
                      <option key={value} value={value}>
                        {enumLabel(value)}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </Field>
              <Field label="Location">
                {(props) => (
                  <Input
                    {...props}
                    value={wizard.location}
                    maxLength={200}
                    placeholder="Orlando, FL"
                    onChange={(e) => set("location", e.target.value)}
                  />
                )}
              </Field>
            </>
          ) : null}

          {step === 2 ? (
            <>
              <Field label="Target audience">
                {(props) => (
                  <Input
                    {...props}
                    value={wizard.targetAudience}
                    maxLength={500}
                    placeholder="Property managers"
                    onChange={(e) => set("targetAudience", e.target.value)}
                  />
                )}
              </Field>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field label="Tone">
                  {(props) => (
                    <NativeSelect
                      {...props}
                      value={wizard.tone}
                      onChange={(e) => set("tone", e.target.value as Wizard["tone"])}
                    >
                      {EMAIL_TONES.map((value) => (
                        <option key={value} value={value}>
                          {enumLabel(value)}
                        </option>
                      ))}
                    </NativeSelect>
                  )}
                </Field>
                <Field label="Purpose">
                  {(props) => (
                    <NativeSelect
                      {...props}
                      value={wizard.purpose}
                      onChange={(e) => set("purpose", e.target.value as Wizard["purpose"])}
                    >
                      {EMAIL_PURPOSES.map((value) => (
                        <option key={value} value={value}>
                          {enumLabel(value)}
                        </option>
                      ))}
                    </NativeSelect>
                  )}
                </Field>
              </div>
              <ListInput
                label="Pain points"
                placeholder="Burst pipes at night"
                items={wizard.painPoints}
                onChange={(items) => set("painPoints", items)}
              />
            </>
          ) : null}

          {step === 3 ? (
            <>
              <ListInput
                label="Competitors"
                placeholder="Roto-Rooter"
                items={wizard.competitors}
                onChange={(items) => set("competitors", items)}
              />
              <ListInput
                label="Special offers"
                placeholder="20% off the first call-out"
                items={wizard.specialOffers}
                onChange={(items) => set("specialOffers", items)}
              />
              <Field label="Custom instructions">
                {(props) => (
                  <Textarea
                    {...props}
                    value={wizard.customInstructions}
                    maxLength={2000}
                    placeholder="Anything the email must say"
                    onChange={(e) => set("customInstructions", e.target.value)}
                  />
                )}
              </Field>
              <Button type="button" onClick={runGeneration} disabled={generate.isPending}>
                <Sparkles className="size-4" aria-hidden />
                {generate.isPending ? "Generating..." : "Generate Email"}
              </Button>
            </>
          ) : null}

          {step === 4 ? (
            email ? (
              <>
                <GeneratedEmailView email={email} />
                <Button type="button" variant="outline" onClick={runGeneration} disabled={generate.isPending}>
                  <RotateCcw className="size-4" aria-hidden />
                  {generate.isPending ? "Generating..." : "Regenerate"}
                </Button>
              </>
            ) : (
              <Button type="button" onClick={runGeneration} disabled={generate.isPending}>
                <Sparkles className="size-4" aria-hidden />
                {generate.isPending ? "Generating..." : "Generate Email"}
              </Button>
            )
          ) : null}

          {step === 5 ? (
            <ReviewStep email={email} wizard={wizard} onStartOver={startOver} onGenerate={() => setStep(3)} />
          ) : null}
        </CardContent>
      </Card>

      <div className="flex justify-between gap-2">
        <Button
          type="button"
          variant="outline"
          onClick={() => setStep((s) => Math.max(1, s - 1))}
          disabled={step === 1}
        >
          <ArrowLeft className="size-4" aria-hidden /> Back
        </Button>
        <Button
          type="button"
          onClick={() => setStep((s) => Math.min(WIZARD_STEPS, s + 1))}
          disabled={step === WIZARD_STEPS}
        >
          Next <ArrowRight className="size-4" aria-hidden />
        </Button>
      </div>
    </div>
  );
}

const STEP_HINTS = [
  "Who is sending, and what are you offering?",
  "Who should read it, how should it sound, and what problems does it solve?",
  "What sets you apart; then generate the email.",
  "The email written from your answers. Merge fields like {{firstName}} are filled per recipient.",
  "Save the email as a template for a campaign, or plan one for the coming dates.",
];

function ReviewStep({
  email,
  wizard,
  onStartOver,
  onGenerate,
}: {
  email: GeneratedEmail | null;
  wizard: Wizard;
  onStartOver: () => void;
  onGenerate: () => void;
}) {
  const create = useCreateTemplate();
  const [name, setName] = useState(() =>
    `${wizard.businessName || "Wizard"}: ${enumLabel(wizard.purpose)}`.slice(0, 200),
  );
  const [savedId, setSavedId] = useState<string | null>(null);

  const save = () => {
    if (!email) return;
    create.mutate(
      {
        name: name.trim() || "Wizard email",
        subject: email.subject,
        targetAudience: "all",
        textContent: email.textContent,
        htmlContent: email.htmlContent,
      },
      {
        onSuccess: (template) => {
          setSavedId(template.id);
          toast({
            title: "Template Saved",
            description: `"${template.name}" is ready to send from Email Marketing.`,
          });
        },
        onError: (error) =>
          toastError("Save Failed", "Unable to save the template. Please try again.", error),
      },
    );
  };

  return (
    <div className="grid gap-6">
      {email ? (
        <div className="grid gap-3">
          <p className="text-sm">
            <span className="font-medium">Subject:</span> {email.subject}
          </p>
          <Field label="Template name">
            {(props) => (
              <Input {...props} value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />
            )}
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button type="button" onClick={save} disabled={create.isPending || savedId !== null}>
              <Save className="size-4" aria-hidden /> {savedId ? "Saved as Template" : "Save as Template"}
            </Button>
            {savedId ? (
              <Button asChild variant="outline">
                <Link to="/email-marketing">Send from Email Marketing</Link>
              </Button>
            ) : null}
          </div>
        </div>
      ) : (
        <div className="grid gap-2">
          <p className="text-sm text-muted-foreground">No email generated yet.</p>
          <Button type="button" variant="outline" onClick={onGenerate}>
            Go to Details to generate
          </Button>
        </div>
      )}
      <SeasonalIdeas />
      <Button type="button" variant="secondary" onClick={onStartOver}>
        Create New Campaign
      </Button>
    </div>
  );
}
