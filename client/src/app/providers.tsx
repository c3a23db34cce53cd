import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { BrowserRouter } from "react-router";
import { Toaster } from "../components/ui/toaster";
import { createQueryClient } from "../lib/api";

/**
 * Query cache, router and toasts. Tooltips carry their own delays (700 ms, 300 ms
 * skip; components/ui/tooltip.tsx), so the first load does without Radix Tooltip.
 */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        {children}
        <Toaster />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
