// What a visitor did in a prerendered form before React had it: text typed or filled in by a
// password manager, a box ticked, and a submit the boot script held (scripts/build/prerender.ts).
// React hydrates the fields with that text still in them, but its state never heard of it: the
// form would send empty fields. So once the form is React's, each such field is announced to React
// as the visitor's input, then a held submit is sent again, and the form's handler sends what
// was typed.
import { useEffect, type RefObject } from 'react';
import { EARLY_FORM_ATTR, EARLY_SUBMIT_ATTR } from '../../contract/prerender';
import { nextTask } from './nextTask';

type Field = HTMLInputElement | HTMLTextAreaElement;

const isBox = (field: Field) => field.type === 'checkbox';

/** Changed since the markup React hydrated (React keeps a controlled field's default in step with its value). */
const changedBeforeReact = (field: Field) =>
  isBox(field) ? (field as HTMLInputElement).checked !== (field as HTMLInputElement).defaultChecked : field.value !== field.defaultValue;

/**
 * React took the field's content at hydration, typed text included, as the value it last saw, so
 * an input event alone reads as no change. Its tracker is given another value first, the
 * visitor's is put back past it (the prototype's setter), then the event React listens to is sent.
 */
function announce(field: Field, visitors: string | boolean): void {
  const key = isBox(field) ? 'checked' : 'value';
  Object.assign(field, { [key]: isBox(field) ? !visitors : '' });
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), key)?.set?.call(field, visitors);
  field.dispatchEvent(new Event(isBox(field) ? 'click' : 'input', { bubbles: true }));
}

/**
 * Hands `form`'s early input to React, which has hydrated it; then its submits are React's (until
 * then the boot script keeps holding them, so React never sends the form with its state still empty).
 */
export async function takeOverEarlySubmit(form: HTMLFormElement): Promise<void> {
  // Tasks of their own, out of React's commit: each announcement is rendered before the next step.
  await nextTask();
  // Read first: each announcement re-renders the form, and React puts its own (empty) value back
  // into every other controlled field it renders.
  const early = [...form.querySelectorAll<Field>('input, textarea')]
    .filter((field) => field.type !== 'file' && changedBeforeReact(field))
    .map((field) => [field, isBox(field) ? (field as HTMLInputElement).checked : field.value] as const);
  for (const [field, visitors] of early) announce(field, visitors);
  const held = form.getAttribute(EARLY_SUBMIT_ATTR) === 'held';
  form.setAttribute(EARLY_SUBMIT_ATTR, 'live');
  if (!held) return;
  await nextTask();
  // An event, not requestSubmit(): should nothing handle it, the page is still not sent natively.
  form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
}

/** The props and effect of a prerendered form whose early submits the boot script holds for it. */
export function useEarlySubmit(form: RefObject<HTMLFormElement | null>): { [EARLY_FORM_ATTR]: '' } {
  useEffect(() => {
    if (form.current) void takeOverEarlySubmit(form.current);
  }, [form]);
  return { [EARLY_FORM_ATTR]: '' };
}
