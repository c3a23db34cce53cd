import { CalendarCheck, PhoneCall, ShieldCheck, Sparkles } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { AuthDialog } from "./components/auth-dialog";

const HIGHLIGHTS = [
  {
    icon: ShieldCheck,
    title: "Stops spam and scams",
    text: "Robocalls, phishing and fake agencies are blocked before your phone rings.",
  },
  {
    icon: CalendarCheck,
    title: "Books appointments",
    text: "Callers pick a free slot in your working hours; it lands in your calendar.",
  },
  {
    icon: PhoneCall,
    title: "Forwards what matters",
    text: "Your doctor, your kids' school, an emergency: put straight through to you.",
  },
  {
    icon: Sparkles,
    title: "Transcribes every call",
    text: "Read what was said, what the AI understood and what it did.",
  },
];

/** What a signed-out visitor sees on any app route: what the product does, and a way in. */
export function LandingPage() {
  const [dialog, setDialog] = useState<"signin" | "signup" | null>(null);
  return (
    <div className="mx-auto grid max-w-4xl gap-8 py-6 md:py-12">
      <section className="grid gap-4 text-center">
        <h1 className="text-3xl font-bold tracking-tight md:text-5xl">AI Platform</h1>
        <p className="text-lg text-muted-foreground">Advanced AI-powered telecommunications sales platform</p>
        <p className="mx-auto max-w-2xl text-muted-foreground">
          Sign in to your account or create a new one to get started with AI-powered call screening.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button size="lg" onClick={() => setDialog("signin")}>
            Sign In
          </Button>
          <Button size="lg" variant="outline" asChild>
            <Link to="/signup">Sign Up</Link>
          </Button>
        </div>
      </section>
      <section aria-label="What it does" className="grid gap-4 sm:grid-cols-2">
        {HIGHLIGHTS.map((item) => (
          <Card key={item.title}>
            <CardContent className="flex gap-3 pt-5">
              <item.icon className="mt-0.5 size-6 shrink-0 text-primary" aria-hidden />
              <div>
                <h2 className="font-semibold">{item.title}</h2>
                <p className="text-sm text-muted-foreground">{item.text}</p>
              </div>
            </CardContent>
          </Card>
        ))}
      </section>
      <AuthDialog
        open={dialog !== null}
        onOpenChange={(open) => !open && setDialog(null)}
        initialTab={dialog ?? "signin"}
      />
    </div>
  );
}
