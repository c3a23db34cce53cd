import { QueryClientProvider } from "@tanstack/react-query";
import { Tooltip } from "radix-ui";
import { type ReactNode, useState } from "react";
import { BrowserRouter } from "react-router";
import { Toaster } from "../components/ui/toaster";
import { createQueryClient } from "../lib/api";

/** Query cache, router, tooltips (700 ms delay, 300 ms skip: spec 1 §9) and toasts. */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <Tooltip.Provider delayDuration={700} skipDelayDuration={300}>
          {children}
          <Toaster />
        </Tooltip.Provider>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
