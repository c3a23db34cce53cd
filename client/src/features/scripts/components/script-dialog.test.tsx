// @vitest-environment jsdom
import type { Script } from "@common/scripts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import "../../../test/dom";
import { ScriptDialog } from "./script-dialog";

/**
 * The Create AI Script dialog as a person meets it: the defaults, the contract's messages on
 * submit with their tabs marked, the corrected form sent as the request body, and the server's
 * refusal shown under its field.
 */

const created: Script = {
  id: "7f1c2f55-7a53-4a44-9d43-0f0b8f2a1b11",
  name: "Plumbing dispatch",
  description: null,
  scriptType: "inbound",
  openingMessage: "Good morning, Harbor Plumbing.",
  conversationFlow: [],
  businessRules: [],
  transferRules: { keywords: [], minutes: null, conditions: [], transferNumber: null },
  appointmentSettings: { enabled: false, durationMinutes: 30, bufferMinutes: 15 },
  voiceSettings: { voice: "nova", speed: 0.9, pitch: "low" },
  personalityTraits: { tone: "professional", empathy: 6, formality: 8 },
  isActive: true,
  isDefault: false,
  templateId: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

/** POST /api/ai-scripts answers `reply` (a Response) and records each body sent. */
function serve(reply: () => Response) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === "/api/ai-scripts" && init?.method === "POST") {
        sent.push(JSON.parse(String(init.body)));
        return reply();
      }
      return Response.json([]);
    }),
  );
  return sent;
}

function renderDialog() {
  const onOpenChange = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ScriptDialog open script={null} onOpenChange={onOpenChange} />
    </QueryClientProvider>,
  );
  return { dialog: screen.getByRole("dialog", { name: "Create AI Script" }), onOpenChange };
}

const type = (scope: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
const openTab = (scope: HTMLElement, name: RegExp) =>
  fireEvent.mouseDown(within(scope).getByRole("tab", { name }), { button: 0 });
const submit = async (scope: HTMLElement) => {
  await act(async () => {
    fireEvent.click(within(scope).getByRole("button", { name: "Create Script" }));
  });
};

afterEach(() => vi.unstubAllGlobals());

describe("ScriptDialog", () => {
  it("starts from the defaults, names each problem on submit, and sends the corrected form", async () => {
    const sent = serve(() => Response.json(created, { status: 201 }));
    const { dialog, onOpenChange } = renderDialog();
    expect((within(dialog).getByLabelText("Opening Message *") as HTMLTextAreaElement).value).toBe(
      "Hello! How can I help you today?",
    );
    expect((within(dialog).getByLabelText("Speed") as HTMLInputElement).value).toBe("0.9");

    type(dialog, "Opening Message *", "   ");
    openTab(dialog, /Personality/);
    type(dialog, "Empathy (1-10)", "11");
    openTab(dialog, /Voice Settings/);
    await submit(dialog);
    expect(sent).toEqual([]);
    expect(within(dialog).getByText("Script name is required")).toBeTruthy();
    expect(within(dialog).getByText("Opening message is required")).toBeTruthy();
    expect(within(dialog).getByLabelText("Script Name *").getAttribute("aria-invalid")).toBe("true");
    // The first tab holding a problem opens; the line counts every field.
    expect(
      within(dialog).getByRole("tab", { name: /Personality.*has a problem/, selected: true }),
    ).toBeTruthy();
    expect(within(dialog).getByText("Empathy must be a whole number from 1 to 10")).toBeTruthy();
    expect(within(dialog).getByRole("alert").textContent).toBe("Check the 3 fields marked above.");

    type(dialog, "Empathy (1-10)", "6");
    type(dialog, "Script Name *", "Plumbing dispatch");
    type(dialog, "Opening Message *", "Good morning, Harbor Plumbing.");
    expect(within(dialog).queryByRole("alert")).toBeNull();
    await submit(dialog);
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      name: "Plumbing dispatch",
      openingMessage: "Good morning, Harbor Plumbing.",
      personalityTraits: { tone: "professional", empathy: 6, formality: 8 },
      voiceSettings: { voice: "nova", speed: 0.9, pitch: "low" },
      transferRules: { keywords: "", minutes: null, conditions: [], transferNumber: null },
      isActive: true,
      isDefault: false,
    });
  });

  it("shows the server's refusal under its field, on its tab", async () => {
    serve(() =>
      Response.json(
        {
          message: "Check the transfer number",
          issues: [{ path: "transferRules.transferNumber", message: "That number cannot take transfers" }],
        },
        { status: 400 },
      ),
    );
    const { dialog, onOpenChange } = renderDialog();
    type(dialog, "Script Name *", "Plumbing dispatch");
    await submit(dialog);
    await waitFor(() =>
      expect(
        within(dialog).getByRole("tab", { name: /Advanced.*has a problem/, selected: true }),
      ).toBeTruthy(),
    );
    expect(within(dialog).getByText("That number cannot take transfers")).toBeTruthy();
    expect(within(dialog).getByLabelText("Transfer Number").getAttribute("aria-invalid")).toBe("true");
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
