import { useEffect, useState } from "react";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs";
import { QuickSignUpForm } from "./quick-sign-up-form";
import { SignInForm } from "./sign-in-form";

export function AuthDialog({
  open,
  onOpenChange,
  initialTab = "signin",
  initialLogin = "",
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialTab?: "signin" | "signup";
  /** Fills the sign-in form's login field (the email someone just tried to sign up with). */
  initialLogin?: string;
}) {
  const close = () => onOpenChange(false);
  const [tab, setTab] = useState(initialTab);
  const [login, setLogin] = useState(initialLogin);
  // Each opening starts where the caller asked, whatever tab was left open last time.
  useEffect(() => {
    if (open) {
      setTab(initialTab);
      setLogin(initialLogin);
    }
  }, [open, initialTab, initialLogin]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Welcome to AI Platform</DialogTitle>
          <DialogDescription>
            Sign in to your account or create a new one to get started with AI-powered call screening.
          </DialogDescription>
        </DialogHeader>
        <Tabs value={tab} onValueChange={(value) => setTab(value === "signup" ? "signup" : "signin")}>
          <TabsList className="w-full">
            <TabsTrigger value="signin">Sign In</TabsTrigger>
            <TabsTrigger value="signup">Sign Up</TabsTrigger>
          </TabsList>
          <TabsContent value="signin">
            {/* Keyed by the login, so a prefilled email shows even when the form was already mounted. */}
            <SignInForm key={login} defaultLogin={login} onDone={close} onLeave={close} />
          </TabsContent>
          <TabsContent value="signup">
            <QuickSignUpForm
              onDone={close}
              onSignInInstead={(email) => {
                setLogin(email);
                setTab("signin");
              }}
            />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
