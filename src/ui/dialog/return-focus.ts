// Where focus goes when a modal dialog closes: back to the element that had it when the dialog opened. A dialog that
// replaced another (the next step of the same task, e.g. a form after its loading state) was opened from inside the
// one it replaced, which is gone by then: focus goes where that one would have returned it, and so on up the chain.
const openers = new WeakMap<Element, Element>();

/** Records, as a dialog opens, the element its focus returns to; `overlay` is the dialog's outermost element. */
export function rememberOpener(overlay: Element, opener: Element): void {
  openers.set(overlay, opener);
}

/** The element still on the page that a dialog opened from `opener` gives focus back to, if any. */
export function returnTarget(opener: Element | null, overlaySelector: string): HTMLElement | undefined {
  let element = opener;
  const seen = new Set<Element>();
  while (element && !element.isConnected && !seen.has(element)) {
    seen.add(element);
    // A removed dialog keeps its own elements: the opener still finds the dialog it was in.
    const overlay = element.closest(overlaySelector);
    element = overlay ? (openers.get(overlay) ?? null) : null;
  }
  return element instanceof HTMLElement && element.isConnected ? element : undefined;
}
