import { chakra, Stack, Text } from '@chakra-ui/react';
import { inputRecipe } from '@chakra-ui/react/theme';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { ApiError } from '../../../api/client';
import { MESSAGE_CLEAR_MS, NEWSLETTER } from '../../../content/newsletter';
import { AccentButton } from '../../../app/ui/AccentButton';
import { useHydrated } from '../../../lib/useClientValue';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// The form wires its own label and hint, so a plain input with the theme's input recipe will do:
// Chakra's Input is built on Ark's Field, 4.6 KB more on every page with a newsletter block.
const EmailInput = chakra('input', inputRecipe);

/** The API code loads on the first submit: most visitors never send the form. */
const loadApi = () => Promise.all([import('../../../api/site'), import('../../../api/client')]);

function failureMessage(err: unknown, ApiErrorClass: typeof ApiError | undefined): string {
  if (ApiErrorClass && err instanceof ApiErrorClass && err.data && typeof err.data === 'object') {
    const data = err.data as Record<string, unknown>;
    for (const key of ['error', 'message']) if (typeof data[key] === 'string' && data[key]) return data[key];
  }
  return NEWSLETTER.fallbackError;
}

/**
 * Newsletter sign-up (spec 000 §5, §8). Empty or malformed: an inline message for 2 s, nothing
 * sent. 201: alert 'Successfully joined our community'; another success status: alert its
 * message; failure: alert the server's message or 'Error: Unable to process'. No reloads (§8).
 */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [hint, setHint] = useState('');
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  const timer = useRef<number | undefined>(undefined);
  const inputId = useId();
  const hintId = useId();

  useEffect(() => () => window.clearTimeout(timer.current), []);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const value = email.trim();
    if (!EMAIL_RE.test(value)) {
      setHint(NEWSLETTER.emptyEmail);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setHint(''), MESSAGE_CLEAR_MS);
      return;
    }
    setBusy(true);
    let ApiErrorClass: typeof ApiError | undefined;
    try {
      const [{ subscribeNewsletter }, client] = await loadApi();
      ApiErrorClass = client.ApiError;
      const res = await subscribeNewsletter(value);
      if (res.status === 201) {
        window.alert(NEWSLETTER.success);
        setEmail('');
      } else {
        window.alert(res.data?.message || NEWSLETTER.success);
      }
    } catch (err) {
      window.alert(failureMessage(err, ApiErrorClass));
    } finally {
      setBusy(false);
    }
  }

  return (
    <chakra.form onSubmit={onSubmit} noValidate w="100%" maxW="lg" aria-label="Newsletter sign-up">
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
        <label htmlFor={inputId} style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
          Email address
        </label>
        <EmailInput
          id={inputId}
          type="email"
          name="email"
          autoComplete="email"
          placeholder={NEWSLETTER.placeholder}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-describedby={hintId}
          aria-invalid={hint ? true : undefined}
          size="lg"
          rounded="full"
          bg="rgba(9, 9, 15, 0.7)"
          borderColor="border.emphasized"
          flex="1"
        />
        <AccentButton type="submit" size="lg" rounded="full" px="8" loading={busy} disabled={!hydrated}>
          {NEWSLETTER.submit}
        </AccentButton>
      </Stack>
      <Text id={hintId} role="alert" minH="6" mt="2" fontSize="sm" color="red.300">
        {hint}
      </Text>
    </chakra.form>
  );
}
