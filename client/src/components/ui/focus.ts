/**
 * Where keyboard focus goes when the element that had it is gone: helpers shared by the dialog
 * primitive (focus back to what opened it), the shell's focus keeper (a focused control removed
 * or replaced) and the forms (the first field with a problem).
 */

const TABBABLE = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type=hidden])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "[tabindex]:not([tabindex='-1'])",
  "[contenteditable=true]",
].join(",");

/** Whether the element takes part in layout (not display:none, not inside a closed tab). */
export function isShown(element: Element): boolean {
  return element instanceof HTMLElement && element.getClientRects().length > 0;
}

/** Whether focus() on it would land: connected, shown and not disabled. */
export function canTakeFocus(element: Element | null | undefined): element is HTMLElement {
  if (!(element instanceof HTMLElement) || !element.isConnected || !isShown(element)) return false;
  if ((element as HTMLButtonElement).disabled) return false;
  return !element.closest("[inert]");
}

/** The elements Tab reaches inside `scope`, in document order. */
export function tabbablesIn(scope: ParentNode): HTMLElement[] {
  return [...scope.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (element) => canTakeFocus(element) && element.getAttribute("aria-hidden") !== "true",
  );
}

/**
 * What to give focus back to for `element`: a Radix menu item (gone once the menu closes) stands
 * for the button that opened its menu, which names the menu (aria-labelledby).
 */
export function focusOwner(element: Element | null): HTMLElement | null {
  if (!(element instanceof HTMLElement) || element === document.body) return null;
  const menu = element.closest<HTMLElement>("[role=menu][aria-labelledby]");
  const trigger = menu ? document.getElementById(menu.getAttribute("aria-labelledby") ?? "") : null;
  return trigger ?? element;
}

/** How a control presents itself: its tag and name, to find the same control drawn again. */
function signature(element: HTMLElement): string {
  const name = element.getAttribute("aria-label") ?? element.textContent?.trim() ?? "";
  return `${element.tagName}|${element.id}|${name}`;
}

/**
 * Focuses `element`, or when it was drawn again (a list re-rendered, a row replaced) the
 * connected control that looks the same. Returns whether focus landed.
 */
export function focusSameControl(element: HTMLElement | null, remembered?: string): boolean {
  if (!element) return false;
  if (canTakeFocus(element)) {
    element.focus();
    return document.activeElement === element;
  }
  const wanted = remembered ?? signature(element);
  const twin = tabbablesIn(document).find((candidate) => signature(candidate) === wanted);
  if (!twin) return false;
  twin.focus();
  return document.activeElement === twin;
}

export function controlSignature(element: HTMLElement): string {
  return signature(element);
}

/** The main landmark's heading, made focusable from script only (it is not a Tab stop). */
function pageHeading(): HTMLElement | null {
  const main = document.getElementById("main");
  const heading = main?.querySelector<HTMLElement>("h1") ?? null;
  return heading && isShown(heading) ? heading : null;
}

let waitingForHeading: MutationObserver | null = null;

/**
 * Puts focus on the screen's h1 (or on the main landmark while the screen is still loading, then
 * on its h1 when it appears): the place to start from when the control that had focus is gone.
 */
export function focusPageHeading(): void {
  waitingForHeading?.disconnect();
  waitingForHeading = null;
  const heading = pageHeading();
  if (heading) {
    if (!heading.hasAttribute("tabindex")) heading.tabIndex = -1;
    heading.focus();
    return;
  }
  const main = document.getElementById("main");
  if (!main) return;
  main.focus();
  const observer = new MutationObserver(() => {
    if (document.activeElement !== main) {
      observer.disconnect();
      return;
    }
    const appeared = pageHeading();
    if (!appeared) return;
    observer.disconnect();
    if (!appeared.hasAttribute("tabindex")) appeared.tabIndex = -1;
    appeared.focus();
  });
  observer.observe(main, { childList: true, subtree: true });
  waitingForHeading = observer;
  setTimeout(() => observer.disconnect(), 10_000);
}

/**
 * After a form's check failed: focus on the first field marked invalid inside `scope` (the form
 * or dialog that was submitted), unless focus already sits on a field with a problem.
 */
export function focusFirstInvalid(scope: ParentNode | null): boolean {
  if (!scope) return false;
  const active = document.activeElement;
  if (active?.getAttribute("aria-invalid") === "true" && scope.contains(active)) return true;
  const first = [...scope.querySelectorAll<HTMLElement>("[aria-invalid=true]")].find(canTakeFocus);
  if (!first) return false;
  first.focus();
  return document.activeElement === first;
}

/** The form or open dialog holding focus now: where a form's messages were just shown. */
export function activeFormScope(): ParentNode | null {
  const active = document.activeElement;
  if (active && active !== document.body) {
    const holder = active.closest("form") ?? active.closest("[role=dialog]");
    if (holder) return holder;
  }
  const dialogs = document.querySelectorAll("[role=dialog][data-state=open]");
  return dialogs[dialogs.length - 1] ?? document.getElementById("main");
}
