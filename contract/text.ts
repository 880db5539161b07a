// The one rule for free text a person types (prompts, celebrity names, lyrics, the talking
// character's text, batch items, names, descriptions, messages): no control characters but tab,
// CR and LF. NUL, the other C0 controls and DEL reach engines, speech programs and logs as bytes
// nobody typed (a NUL made the speech step fail inside the job). No runtime imports beyond TypeBox:
// the page's forms may load it.
import { Type, type TStringOptions } from 'typebox';

/** C0 controls except tab (U+0009), LF (U+000A) and CR (U+000D), and DEL (U+007F). */
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** The same rule as a JSON Schema pattern (the whole string free of them). */
export const FREE_TEXT_PATTERN = '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F]*$';

export const hasControlCharacters = (text: string): boolean => CONTROL_CHARACTERS.test(text);

/** What a 400 says of a field holding one: `prompt cannot contain control characters.` */
export const controlCharactersMessage = (field: string): string => `${field} cannot contain control characters.`;

/** A string schema that refuses control characters (the server's 400 names the field). */
export const FreeText = (options: TStringOptions = {}) => Type.String({ ...options, pattern: FREE_TEXT_PATTERN });
