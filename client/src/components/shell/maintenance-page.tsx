import { MAINTENANCE_MESSAGE } from "@common/admin";
import { useQueryClient } from "@tanstack/react-query";
import { Wrench } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { logout } from "../../lib/auth/logout";
import { useSetSignedInUser } from "../../lib/auth/session";
import { isMaintenanceAnswer, maintenanceOver } from "../../lib/maintenance";
import { Button } from "../ui/button";
import { Card, CardContent } from "../ui/card";

/** How often the page asks whether the platform is back. */
const RECHECK_MS = 15_000;

/**
 * What everyone but platform administrators sees while the administrator has maintenance mode
 * on: the server's message, a check every 15 s (and on demand) that brings
 * the app back when maintenance ends, and a way to sign out so an administrator can sign in.
 */
export function MaintenancePage() {
  const queryClient = useQueryClient();
  const setUser = useSetSignedInUser();
  const [checking, setChecking] = useState(false);

  const check = useCallback(async () => {
    setChecking(true);
    try {
      const response = await fetch("/api/user", { credentials: "include" });
      const body: unknown = await response.json().catch(() => undefined);
      if (isMaintenanceAnswer(response.status, body)) return;
      maintenanceOver();
      await queryClient.invalidateQueries();
    } catch {
      // Offline or the server restarting: the next check tries again.
    } finally {
      setChecking(false);
    }
  }, [queryClient]);

  useEffect(() => {
    const timer = window.setInterval(check, RECHECK_MS);
    return () => window.clearInterval(timer);
  }, [check]);

  async function signOut() {
    await logout().catch(() => undefined);
    setUser(null);
    maintenanceOver();
  }

  return (
    <main className="flex min-h-screen w-full items-center justify-center bg-background p-4">
      <Card className="w-full max-w-md">
        <CardContent className="space-y-4 pt-6">
          <div className="flex items-center gap-3">
            <Wrench className="size-8 shrink-0 text-primary" aria-hidden />
            <h1 className="text-2xl font-bold">Down for maintenance</h1>
          </div>
          <p role="status" className="text-sm text-muted-foreground">
            {MAINTENANCE_MESSAGE}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button onClick={check} disabled={checking}>
              {checking ? "Checking..." : "Try again"}
            </Button>
            <Button variant="outline" onClick={signOut}>
              Sign out
            </Button>
          </div>
        </CardContent>
      </Card>
    </main>
  );
}
