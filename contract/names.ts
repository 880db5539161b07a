// Name rules shared by the server's checks and the page's form validation (no runtime imports:
// the page's login panel loads this).

/**
 * C0 and C1 controls (NUL, CR, LF, ...) and the bidirectional embedding, override and isolate
 * characters (U+202A-U+202E, U+2066-U+2069), which let a name reorder the text shown around it.
 */
export const NAME_FORBIDDEN_CHARACTERS = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

export const NAME_MESSAGES = {
  required: 'Name is required.',
  hasAt: "Name cannot contain '@'.",
  controlCharacters: 'Name cannot contain control characters.',
} as const;
