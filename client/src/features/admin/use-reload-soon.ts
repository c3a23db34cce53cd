import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef } from "react";
import { isAdminQuery } from "./messages";

/**
 * The page reloads 2 s after a system action and 1 s after a quick action
 * (ADMIN_SYSTEM_ACTION_RELOAD_MS, ADMIN_QUICK_ACTION_RELOAD_MS). Here a reload is every admin
 * query read again, so the toast that reported the action stays on screen.
 */
export function useReloadSoon() {
  const queryClient = useQueryClient();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const reloadNow = useCallback(
    () => queryClient.invalidateQueries({ predicate: isAdminQuery }),
    [queryClient],
  );
  const reloadAfter = useCallback(
    (ms: number) => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => void reloadNow(), ms);
    },
    [reloadNow],
  );
  return { reloadNow, reloadAfter };
}
