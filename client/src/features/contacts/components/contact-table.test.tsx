// @vitest-environment jsdom
import type { Contact } from "@common/contacts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { Users } from "lucide-react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { USER_QUERY_KEY } from "../../../lib/api";
import "../../../test/dom";
import { lastBulkQueryOptions } from "../api/bulk";
import { ContactRowLayout, type ContactRowProps, ContactTable } from "./contact-table";

/**
 * The contacts table both contact screens share, against a stand-in for the server: the count
 * and the first page, Load more, the empty states, ticking rows and "all matching", and a bulk
 * action's dialog checked, then sent with the selection.
 */

const contact = (n: number): Contact => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
  name: `Person ${n}`,
  phoneNumber: null,
  phoneE164: null,
  email: null,
  company: null,
  preferredContactMethod: "phone",
  mailingAddress: null,
  address: null,
  website: null,
  tags: [],
  notes: null,
  industry: null,
  businessType: null,
  isFavorite: false,
  doNotCall: false,
  leadSource: "manual",
  leadScore: 0,
  contactStatus: "new",
  preferredContactTime: null,
  timezone: "America/New_York",
  timezoneRecorded: false,
  aiVoiceConsentAt: null,
  scheduledCallback: null,
  lastCalled: null,
  lastContactAttempt: null,
  callCount: 0,
  serpApiData: null,
  campaignId: null,
  importBatch: null,
  uploadDate: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
});

/** The server: `count` contacts, 25 a page, filtered by `search` on the name; bulk actions recorded. */
function serve(count: number) {
  const people = Array.from({ length: count }, (_, i) => contact(i + 1));
  const bulk: unknown[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    if (url.pathname === "/api/contacts/bulk" && init?.method === "POST") {
      bulk.push(JSON.parse(String(init.body)));
      return Response.json({
        id: "b1",
        type: "tag",
        label: 'Tagged "vip"',
        status: "completed",
        total: 2,
        done: 2,
        changed: 2,
        jobId: null,
        undoJobId: null,
        undoable: true,
        restored: 0,
        kept: 0,
        message: 'Tagged "vip": 2 contacts.',
        error: null,
        createdAt: "2026-01-01T00:00:00.000Z",
        finishedAt: "2026-01-01T00:00:00.000Z",
        undoneAt: null,
      });
    }
    if (url.pathname === "/api/contacts") {
      const search = url.searchParams.get("search")?.toLowerCase() ?? "";
      const matching = people.filter((person) => person.name.toLowerCase().includes(search));
      const page = Number(url.searchParams.get("page"));
      const limit = Number(url.searchParams.get("limit"));
      return Response.json(matching.slice((page - 1) * limit, page * limit), {
        headers: {
          "x-total-count": String(matching.length),
          "x-total-pages": String(Math.ceil(matching.length / limit)),
          "x-page": String(page),
        },
      });
    }
    return new Response("not found", { status: 404 });
  });
  vi.stubGlobal("fetch", fetchMock);
  return { bulk };
}

function Row(props: ContactRowProps) {
  return <ContactRowLayout {...props} lead={null} details={<p>{props.contact.name}</p>} />;
}

function Screen({ onEdit = vi.fn() }: { onEdit?: (contact: Contact) => void }) {
  const [search, setSearch] = useState("");
  return (
    <ContactTable
      title="Contacts"
      icon={Users}
      filters={{ search }}
      toolbar={
        <input
          aria-label="Search contacts"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      }
      empty={{ found: "Try another search.", none: "Add a contact." }}
      renderRow={(row) => <Row {...row} />}
      onEdit={onEdit}
      onDelete={vi.fn()}
    />
  );
}

function renderScreen(onEdit?: (contact: Contact) => void) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // Signed in as a member (no admin-only actions), with no bulk action run yet.
  client.setQueryData(USER_QUERY_KEY, null);
  client.setQueryData(lastBulkQueryOptions.queryKey, null);
  return render(
    <QueryClientProvider client={client}>
      <Screen {...(onEdit ? { onEdit } : {})} />
    </QueryClientProvider>,
  );
}

const list = () => screen.getByRole("list", { name: "Contacts" });

afterEach(() => vi.unstubAllGlobals());

describe("ContactTable", () => {
  it("shows the count and a page at a time, then the next page", async () => {
    serve(30);
    const onEdit = vi.fn();
    renderScreen(onEdit);
    expect(await screen.findByTestId("contact-count")).toHaveProperty("textContent", "30 contacts");
    expect(within(list()).getAllByRole("listitem")).toHaveLength(25);
    expect(screen.getByText("Showing 25 of 30")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(within(list()).getAllByRole("listitem")).toHaveLength(30));
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Edit Person 27" }));
    expect(onEdit).toHaveBeenCalledWith(expect.objectContaining({ name: "Person 27" }));
  });

  it("says when there are no contacts, and when a search finds none", async () => {
    serve(0);
    renderScreen();
    expect(await screen.findByText("No contacts yet")).toBeTruthy();
    expect(screen.getByText("Add a contact.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Search contacts"), { target: { value: "zed" } });
    expect(await screen.findByText("No contacts found")).toBeTruthy();
    expect(screen.getByText("Try another search.")).toBeTruthy();
  });

  it("selects rows or all matching, and a search starts the selection over", async () => {
    serve(30);
    renderScreen();
    await screen.findByTestId("contact-count");
    fireEvent.click(screen.getByRole("checkbox", { name: "Select Person 1" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Select Person 2" }));
    expect(screen.getByTestId("selected-count").textContent).toBe("2 contacts selected.");
    fireEvent.click(screen.getByRole("button", { name: "Select all 30 contacts matching" }));
    expect(screen.getByTestId("selected-count").textContent).toBe("All 30 contacts matching are selected.");
    expect(screen.getByRole("checkbox", { name: "Select Person 9" }).getAttribute("aria-checked")).toBe(
      "true",
    );
    fireEvent.change(screen.getByLabelText("Search contacts"), { target: { value: "Person 1" } });
    await waitFor(() => expect(screen.queryByTestId("selected-count")).toBeNull());
  });

  it("checks a bulk action's form, then sends it with the rows ticked", async () => {
    const { bulk } = serve(3);
    renderScreen();
    await screen.findByTestId("contact-count");
    fireEvent.click(screen.getByRole("checkbox", { name: "Select Person 1" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Select Person 3" }));
    fireEvent.click(
      within(screen.getByRole("region", { name: "Bulk actions" })).getByRole("button", { name: "Tag" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Tag contacts" });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Add tags" }));
    });
    expect(within(dialog).getByText("Enter at least one tag")).toBeTruthy();
    expect(bulk).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText("Tags"), { target: { value: "vip, spring" } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Add tags" }));
    });
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Tag contacts" })).toBeNull());
    expect(bulk).toEqual([
      {
        selection: { ids: [contact(1).id, contact(3).id] },
        action: { type: "tag", tags: ["vip", "spring"] },
      },
    ]);
    // Done: the selection is cleared.
    expect(screen.queryByTestId("selected-count")).toBeNull();
  });
});
