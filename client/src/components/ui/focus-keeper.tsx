import { useEffect } from "react";
import {
  activeFormScope,
  canTakeFocus,
  controlSignature,
  focusFirstInvalid,
  focusPageHeading,
  focusSameControl,
  tabbablesIn,
} from "./focus";

/** How long a change may take to settle (a dialog's own focus return runs on a 0 ms timer). */
const SETTLE_MS = 60;

type Lost = {
  element: HTMLElement;
  signature: string;
  /** Its ancestors, nearest first, each with the element's place among the ancestor's Tab stops. */
  places: { ancestor: Element; index: number }[];
  inDialog: boolean;
};

function remember(element: HTMLElement): Lost {
  const places: Lost["places"] = [];
  const main = document.getElementById("main");
  for (let ancestor = element.parentElement; ancestor; ancestor = ancestor.parentElement) {
    if (ancestor === document.body || ancestor === main) break;
    // Only the nearest few: a replacement is looked for close to where the control was.
    if (places.length < 6) places.push({ ancestor, index: tabbablesIn(ancestor).indexOf(element) });
  }
  return {
    element,
    signature: controlSignature(element),
    places,
    inDialog: Boolean(element.closest("[role=dialog]")),
  };
}

/** Focus near where the lost control was: its replacement, a neighbour, or the screen's heading. */
function recover(lost: Lost): void {
  if (focusSameControl(lost.element, lost.signature)) return;
  // A control inside a dialog that closed: the dialog gives focus back to what opened it.
  if (lost.inDialog && !lost.places.some(({ ancestor }) => ancestor.isConnected)) return;
  for (const { ancestor, index } of lost.places) {
    if (!ancestor.isConnected) continue;
    const stops = tabbablesIn(ancestor);
    const next = stops[Math.min(Math.max(index, 0), stops.length - 1)];
    if (next) {
      next.focus();
      return;
    }
  }
  focusPageHeading();
}

/** A place where the person types or chooses (not a button). */
function isField(element: Element | null): boolean {
  if (!element) return false;
  if (element instanceof HTMLInputElement)
    return !["button", "submit", "reset", "image"].includes(element.type);
  return (
    element instanceof HTMLTextAreaElement ||
    element instanceof HTMLSelectElement ||
    (element as HTMLElement).isContentEditable ||
    ["combobox", "textbox", "listbox", "spinbutton", "slider"].includes(element.getAttribute("role") ?? "")
  );
}

function focusIsLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || active === document.documentElement;
}

/**
 * Keeps keyboard focus somewhere sensible for every screen:
 * - when the focused control is removed or replaced (Start becomes Pause, a row redrawn, a form
 *   swapped for its result), focus moves to the replacement or the nearest control, else to the
 *   screen's heading, instead of dropping to the page body;
 * - a control that is disabled while focused and enabled again gets focus back;
 * - after a submitted form shows its messages, focus is on the first field with a problem.
 */
export function FocusKeeper() {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onFocusOut = (event: FocusEvent) => {
      // Focus moving to another element, or the window losing focus, is not a loss.
      if (event.relatedTarget || !(event.target instanceof HTMLElement)) return;
      const lost = remember(event.target);
      // Still usable as focus leaves it: a click on blank space, not a control taken away.
      const leftByPerson = canTakeFocus(event.target);
      clearTimeout(timer);
      let waited = 0;
      const check = () => {
        if (!focusIsLost()) return;
        const { element } = lost;
        const disabled = (element as HTMLButtonElement).disabled === true;
        if (element.isConnected && disabled && waited < 15_000) {
          // Disabled for a moment (a native control while its form saves): wait for it.
          waited += 100;
          timer = setTimeout(check, 100);
          return;
        }
        if (leftByPerson && element.isConnected && canTakeFocus(element)) return;
        recover(lost);
      };
      timer = setTimeout(check, SETTLE_MS);
    };

    // A form submitted with Enter in one of its fields: once its handler has run and drawn its
    // messages, focus goes to the first field with a problem.
    const onSubmit = (event: Event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement)) return;
      setTimeout(() => {
        const active = document.activeElement;
        if (active && active !== document.body && !form.contains(active)) return;
        focusFirstInvalid(form);
      }, SETTLE_MS);
    };

    // A field marked invalid (a check run by Save or Submit, or the server's answer to it) while
    // focus is on a button: focus goes to the first field with a problem in that form or dialog.
    // While the person is in a field (typing, choosing) focus stays where it is.
    let invalidTimer: ReturnType<typeof setTimeout> | undefined;
    const marked = (mutation: MutationRecord) =>
      mutation.type === "attributes"
        ? (mutation.target as Element).getAttribute("aria-invalid") === "true"
        : [...mutation.addedNodes].some(
            (node) =>
              node instanceof Element &&
              (node.matches("[aria-invalid=true]") || node.querySelector("[aria-invalid=true]")),
          );
    const invalids = new MutationObserver((mutations) => {
      if (!mutations.some(marked)) return;
      clearTimeout(invalidTimer);
      invalidTimer = setTimeout(() => {
        if (!focusIsLost() && isField(document.activeElement)) return;
        focusFirstInvalid(activeFormScope());
      }, 0);
    });
    invalids.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["aria-invalid"],
    });

    document.addEventListener("focusout", onFocusOut);
    document.addEventListener("submit", onSubmit, true);
    return () => {
      clearTimeout(timer);
      clearTimeout(invalidTimer);
      invalids.disconnect();
      document.removeEventListener("focusout", onFocusOut);
      document.removeEventListener("submit", onSubmit, true);
    };
  }, []);
  return null;
}
