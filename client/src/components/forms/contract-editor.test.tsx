// @vitest-environment jsdom
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { useContractEditor } from "../../lib/forms/contract-form";
import "../../test/dom";
import { ContractEditor, checkTheFields, type EditorTab } from "./contract-editor";

/**
 * The shared editor with a small contract of its own: fields declared in two tabs and above
 * them, checked on submit by the contract, its messages under their fields, the tab of the
 * first one opened, a changed field's message cleared, the server's issues filed by path.
 */

const Contract = z.object({
  title: z.string().trim().min(1, "Title is required"),
  settings: z.object({ level: z.number().int("Level must be a whole number from 1 to 5").min(1).max(5) }),
  tags: z.array(z.string().min(2, "Each tag needs two letters")),
  colours: z.array(z.enum(["red", "blue"])).min(1, "Choose a colour"),
  loud: z.boolean(),
});
type Values = { title: string; level: string; tags: string; colours: string[]; loud: boolean };
const toBody = (values: Values) => ({
  title: values.title,
  settings: { level: values.level.trim() === "" ? Number.NaN : Number(values.level) },
  tags: values.tags.split(",").map((tag) => tag.trim()),
  colours: values.colours,
  loud: values.loud,
});
const TABS = ["first", "second"] as const;
type Tab = (typeof TABS)[number];
const tabOf = (path: string) =>
  path.startsWith("settings") || path === "loud" ? "second" : path === "title" ? "" : "first";

const tabs: EditorTab<Values, Tab>[] = [
  {
    value: "first",
    label: "First",
    fields: [
      { kind: "text", name: "tags", label: "Tags", hint: "Separated by commas." },
      {
        kind: "choices",
        name: "colours",
        label: "Colours",
        options: [
          { value: "red", label: "Red" },
          { value: "blue", label: "Blue" },
        ],
      },
    ],
  },
  {
    value: "second",
    label: "Second",
    fields: [
      { kind: "number", name: "level", error: "settings.level", label: "Level", min: 1, max: 5, step: 1 },
      { kind: "switch", name: "loud", label: "Loud", hint: "Speaks up." },
    ],
  },
];

function Editor({
  onSave,
  serverError,
}: {
  onSave: (body: ReturnType<typeof toBody>) => void;
  serverError?: unknown;
}) {
  const editor = useContractEditor({
    defaults: (): Values => ({ title: "", level: "3", tags: "ab", colours: [], loud: false }),
    contract: { schema: Contract, toBody },
    tabs: TABS,
    tabOf,
  });
  return (
    <ContractEditor
      editor={editor}
      label="Thing"
      onSubmit={(body) => (serverError ? editor.showServerErrors(serverError) : onSave(body))}
      header={<h2>Thing</h2>}
      fields={[{ kind: "text", name: "title", label: "Title *", required: true }]}
      tabs={tabs}
      tabsLabel="Thing settings"
      problems={checkTheFields("in the tabs")}
      footer={<button type="submit">Save</button>}
    />
  );
}

const submit = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
  });
};
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const openTab = (name: RegExp) => fireEvent.mouseDown(screen.getByRole("tab", { name }), { button: 0 });

describe("ContractEditor", () => {
  it("renders the declared fields with their labels, hints and values", () => {
    render(<Editor onSave={vi.fn()} />);
    expect(screen.getByRole("form", { name: "Thing" })).toBeTruthy();
    expect(screen.getByLabelText("Title *").getAttribute("aria-required")).toBe("true");
    expect((screen.getByLabelText("Tags") as HTMLInputElement).value).toBe("ab");
    expect(screen.getByText("Separated by commas.")).toBeTruthy();
    expect(screen.getByRole("tab", { name: "First", selected: true })).toBeTruthy();
    openTab(/Second/);
    const level = screen.getByLabelText("Level") as HTMLInputElement;
    expect(level.value).toBe("3");
    expect(level.type).toBe("number");
    expect(screen.getByText("1 to 5")).toBeTruthy();
  });

  it("shows the contract's messages under their fields, marks and opens the first tab with one", async () => {
    const onSave = vi.fn();
    render(<Editor onSave={onSave} />);
    openTab(/Second/);
    type("Level", "7.5");
    openTab(/First/);
    await submit();
    expect(onSave).not.toHaveBeenCalled();
    // Title is above the tabs; the first tab holding a problem opens, and both are marked.
    expect(screen.getByRole("tab", { name: /First.*has a problem/, selected: true })).toBeTruthy();
    expect(screen.getByRole("tab", { name: /Second.*has a problem/ })).toBeTruthy();
    expect(screen.getByText("Title is required")).toBeTruthy();
    expect(screen.getByLabelText("Title *").getAttribute("aria-invalid")).toBe("true");
    // A list item's message is shown under its list.
    expect(screen.getByText("Choose a colour")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe("Check the 3 fields marked in the tabs.");
    openTab(/Second/);
    expect(screen.getByText("Level must be a whole number from 1 to 5")).toBeTruthy();

    // Changing a field clears its message only.
    type("Level", "4");
    expect(screen.queryByText("Level must be a whole number from 1 to 5")).toBeNull();
    expect(screen.getByText("Title is required")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe("Check the 2 fields marked in the tabs.");
  });

  it("submits the body the contract accepts", async () => {
    const onSave = vi.fn();
    render(<Editor onSave={onSave} />);
    type("Title *", "Spring");
    type("Tags", "vip, new");
    fireEvent.click(screen.getByRole("checkbox", { name: "Blue" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Red" }));
    openTab(/Second/);
    fireEvent.click(screen.getByRole("switch", { name: "Loud" }));
    await submit();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(onSave).toHaveBeenCalledWith({
      title: "Spring",
      settings: { level: 3 },
      tags: ["vip", "new"],
      colours: ["blue", "red"],
      loud: true,
    });
  });

  it("files the server's issues under their fields and opens their tab", async () => {
    const refused = {
      body: { message: "Bad", issues: [{ path: "settings.level", message: "Too loud for level 3" }] },
    };
    render(<Editor onSave={vi.fn()} serverError={refused} />);
    type("Title *", "Spring");
    fireEvent.click(screen.getByRole("checkbox", { name: "Red" }));
    await submit();
    expect(screen.getByRole("tab", { name: /Second.*has a problem/, selected: true })).toBeTruthy();
    expect(within(screen.getByRole("tabpanel")).getByText("Too loud for level 3")).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe("Check the field marked in the tabs.");
  });
});
