import { useState, type FormEvent } from 'react';
import { checkDraft, DraftRefused, errorsAfter, type CharacterDraft, type DraftErrors } from './characterDraft';

/**
 * The character form's state (create and edit alike): the draft, its refusals (a field's cleared
 * when it changes), and submit: the page's checks first, then `save`, whose DraftRefused lands
 * under its fields.
 */
export function useCharacterDraft(initial: () => CharacterDraft, save: (draft: CharacterDraft) => Promise<void>) {
  const [draft, setDraft] = useState<CharacterDraft>(initial);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [busy, setBusy] = useState(false);
  const change = (next: CharacterDraft) => {
    setErrors((e) => errorsAfter(e, draft, next));
    setDraft(next);
  };
  const reset = (next: CharacterDraft) => {
    setDraft(next);
    setErrors({});
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = checkDraft(draft);
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await save(draft);
    } catch (err) {
      setErrors(err instanceof DraftRefused ? err.errors : { form: err instanceof Error ? err.message : 'The character could not be saved.' });
    } finally {
      setBusy(false);
    }
  };
  return { draft, errors, busy, change, reset, submit };
}
