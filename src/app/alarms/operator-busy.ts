// Whether the operator is busy, so the alarm pop-ups stay out of the way: a modal dialog is open, they typed in a form
// field in the last few seconds, or the field they are in lies where the pop-ups show (bottom right).
import { useEffect, useRef, useState } from 'react';

/** After this long without a key in a field the operator counts as no longer typing. */
export const TYPING_QUIET_MS = 3_000;
/** How often, while pop-ups wait or show, the page is looked at for a modal (react-aria's, the alerts, the urgent dialog). */
const LOOK_MS = 250;

const MODAL = '[aria-modal="true"], .dialog__overlay, [role="alertdialog"]';
/** Inputs one types into; a checkbox or a button is no typing. */
const TYPED = 'textarea, select, [contenteditable="true"], input:not([type="checkbox"], [type="radio"], [type="button"], [type="submit"], [type="reset"], [type="range"], [type="color"], [type="file"])';

/** Where the pop-up list shows (alarms.css `.alarm-popups`): right 36 px, bottom 16 px, up to 320 px wide and 70 % high. */
function popupArea(): { readonly left: number; readonly right: number; readonly top: number; readonly bottom: number } {
  const width = Math.min(320, window.innerWidth * 0.92);
  return { left: window.innerWidth - 36 - width, right: window.innerWidth - 36, top: window.innerHeight * 0.3 - 16, bottom: window.innerHeight - 16 };
}

function typedField(): Element | undefined {
  const active = document.activeElement;
  return active?.matches(TYPED) ? active : undefined;
}

function underPopups(field: Element): boolean {
  const box = field.getBoundingClientRect();
  if (box.width === 0 && box.height === 0) return false;
  const area = popupArea();
  return box.right > area.left && box.left < area.right && box.bottom > area.top && box.top < area.bottom;
}

function busyNow(lastTyped: number): boolean {
  if (document.querySelector(MODAL)) return true;
  const field = typedField();
  return field !== undefined && (Date.now() - lastTyped < TYPING_QUIET_MS || underPopups(field));
}

/** Busy or not, looked at while `watching` (pop-ups to show or held); false while not watching. */
export function useOperatorBusy(watching: boolean): boolean {
  const [busy, setBusy] = useState(false);
  // Keys are followed all along: someone typing when an alarm arrives is busy already.
  const lastTyped = useRef(Number.NEGATIVE_INFINITY);
  const look = useRef<() => void>(() => {});
  useEffect(() => {
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const onKey = (event: KeyboardEvent) => {
      if (!(event.target instanceof Element) || !event.target.matches(TYPED)) return;
      lastTyped.current = Date.now();
      look.current();
      clearTimeout(quiet);
      quiet = setTimeout(() => look.current(), TYPING_QUIET_MS);
    };
    document.addEventListener('keydown', onKey, true);
    return () => {
      clearTimeout(quiet);
      document.removeEventListener('keydown', onKey, true);
    };
  }, []);
  useEffect(() => {
    if (!watching) return undefined;
    let left: ReturnType<typeof setTimeout> | undefined;
    const lookNow = () => setBusy(busyNow(lastTyped.current));
    look.current = lookNow;
    // While focus leaves a field the page has no active element yet: look once it has landed.
    const onLeave = () => {
      clearTimeout(left);
      left = setTimeout(lookNow, 0);
    };
    lookNow();
    const timer = setInterval(lookNow, LOOK_MS);
    document.addEventListener('focusin', lookNow, true);
    document.addEventListener('focusout', onLeave, true);
    return () => {
      look.current = () => {};
      clearInterval(timer);
      clearTimeout(left);
      document.removeEventListener('focusin', lookNow, true);
      document.removeEventListener('focusout', onLeave, true);
    };
  }, [watching]);
  return watching && busy;
}
