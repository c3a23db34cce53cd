import { Component, type ErrorInfo, type ReactNode } from "react";
import { Button } from "../ui/button";
import { Card, CardContent } from "../ui/card";

type State = { error: Error | null };

/** A render error shows the generic error screen with a retry. */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error("render error", error, info.componentStack);
  }

  override componentDidUpdate(previous: { resetKey?: string }): void {
    // Navigating elsewhere clears the error.
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return (
      <div className="flex min-h-[60vh] items-center justify-center p-4">
        <Card className="w-full max-w-md">
          <CardContent className="grid gap-3 pt-6 text-center">
            <h1 className="text-xl font-semibold">Something went wrong</h1>
            <p className="text-sm text-muted-foreground">
              {this.state.error.message || "An unexpected error occurred"}
            </p>
            <Button className="justify-self-center" onClick={() => this.setState({ error: null })}>
              Try Again
            </Button>
          </CardContent>
        </Card>
      </div>
    );
  }
}
