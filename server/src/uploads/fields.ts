// What every multipart parser shares: a file part is taken only under a name the route declares
// (the name is data, never part of a path), and text parts follow the free-text rule.
import { UNEXPECTED_FILE_FIELD } from '../../../contract/common.ts';
import { controlCharactersMessage, hasControlCharacters } from '../../../contract/text.ts';
import { HttpError } from '../http-error.ts';

const FIELD_SHOWN = 100;

/** 400 `{error: 'Unexpected file field.', field}` with the name as sent, cut to 100 characters. */
export const unexpectedFileField = (name: string): HttpError => new HttpError(400, UNEXPECTED_FILE_FIELD, [...name].slice(0, FIELD_SHOWN).join(''));

/** A text part's value (undefined when absent or not text); 400 naming the field when it holds control characters. */
export function textField(value: unknown, field: string): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (hasControlCharacters(value)) throw new HttpError(400, controlCharactersMessage(field), field);
  return value;
}
