// happy-dom 21's document is no instance of its window's Document, so react-aria's "is focus already inside the
// dialog?" says no and the dialog takes focus from the field that has it (Chromium answers yes). Tests of focus in a
// react-aria dialog call this first.
export function documentIsDocument(): void {
  const DocumentClass = window.Document;
  if (document instanceof DocumentClass) return;
  Object.defineProperty(DocumentClass, Symbol.hasInstance, {
    configurable: true,
    value: (value: unknown) => value === document || Function.prototype[Symbol.hasInstance].call(DocumentClass, value),
  });
}
