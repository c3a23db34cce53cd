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
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialTab?: "signin" | "signup";
}) {
  const close = () => onOpenChange(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Welcome to AI Platform</DialogTitle>
          <DialogDescription>
            Sign in to your account or create a new one to get started with AI-powered call screening.
          </DialogDescription>
        </DialogHeader>
        <Tabs defaultValue={initialTab}>
          <TabsList className="w-full">
            <TabsTrigger value="signin">Sign In</TabsTrigger>
            <TabsTrigger value="signup">Sign Up</TabsTrigger>
          </TabsList>
          <TabsContent value="signin">
            <SignInForm onDone={close} />
          </TabsContent>
          <TabsContent value="signup">
            <QuickSignUpForm onDone={close} />
          </TabsContent>
        </Tabs>
      </DialogContent>
    </Dialog>
  );
}
