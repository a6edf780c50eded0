// Where a monitor screen's call for its rows stands: not asked, on the way, not offered by this backend (legacy), refused
// or failed with the server's message, or answered.
export type CallLoad<Answer> =
  | { readonly kind: 'idle' }
  | { readonly kind: 'loading' }
  | { readonly kind: 'notOffered' }
  | { readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'loaded'; readonly answer: Answer };
