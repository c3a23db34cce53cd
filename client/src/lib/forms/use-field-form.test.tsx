// @vitest-environment jsdom
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import "../../test/dom";
import { useFieldForm } from "./use-field-form";

/** Two fields checked on submit, as the app's forms on this hook are. */
function TwoFieldForm() {
  const { form, errors, setErrors, text } = useFieldForm(() => ({ name: "", email: "" }));
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const found: Record<string, string> = {};
        if (!form.name) found.name = "Please enter your name";
        if (!form.email.includes("@")) found.email = "Please enter a valid email address";
        setErrors(found);
      }}
    >
      <label>
        Name
        <input aria-invalid={Boolean(errors.name)} value={form.name} onChange={text("name")} />
      </label>
      <label>
        Email
        <input aria-invalid={Boolean(errors.email)} value={form.email} onChange={text("email")} />
      </label>
      <button type="submit">Send</button>
    </form>
  );
}

describe("useFieldForm", () => {
  it("moves focus to the first invalid field when a check fails, and clears a corrected one", () => {
    render(<TwoFieldForm />);
    const send = screen.getByRole("button", { name: "Send" });
    send.focus();
    fireEvent.click(send);
    expect(document.activeElement).toBe(screen.getByLabelText("Name"));

    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Morgan" } });
    expect(screen.getByLabelText("Name").getAttribute("aria-invalid")).toBe("false");
    send.focus();
    fireEvent.click(send);
    expect(document.activeElement).toBe(screen.getByLabelText("Email"));
  });

  it("leaves focus where it is when nothing is wrong", () => {
    render(<TwoFieldForm />);
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Morgan" } });
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "morgan@example.com" } });
    const send = screen.getByRole("button", { name: "Send" });
    send.focus();
    fireEvent.click(send);
    expect(document.activeElement).toBe(send);
  });
});
