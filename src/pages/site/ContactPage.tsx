import { Box, Field, Heading, Input, Link, SimpleGrid, Stack, Text, Textarea, chakra } from '@chakra-ui/react';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { sendContactMessage } from '../../api/site';
import { AccentButton } from '../../app/ui/AccentButton';
import { PageSection } from '../../app/ui/PageSection';
import { ADDRESS_LINES, MAPS_URL, PHONE, PHONE_HREF, SUPPORT_EMAIL, SUPPORT_HOURS, SUPPORT_MAILTO } from '../../content/contact';
import { CONTACT_PAGE } from '../../content/contactPage';
import { MESSAGE_CLEAR_MS } from '../../content/newsletter';
import { useHydrated } from '../../lib/useClientValue';
import { PageHero } from './components/PageHero';

type Fields = { name: string; email: string; message: string };
type Status = { kind: 'success' | 'error'; text: string } | null;

const EMPTY: Fields = { name: '', email: '', message: '' };
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function validate(f: Fields): Partial<Record<keyof Fields, string>> {
  const errors: Partial<Record<keyof Fields, string>> = {};
  if (!f.name.trim()) errors.name = 'Name is required.';
  if (!f.email.trim()) errors.email = 'Email is required.';
  else if (!EMAIL_RE.test(f.email.trim())) errors.email = 'Enter a valid email address.';
  if (!f.message.trim()) errors.message = 'Message is required.';
  return errors;
}

/** Contact Us (/contact): the form (spec 000 §4, §5, §8) and the contact details. */
export default function ContactPage() {
  const [fields, setFields] = useState<Fields>(EMPTY);
  const hydrated = useHydrated();
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const [sending, setSending] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const set = (key: keyof Fields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [key]: e.target.value }));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validate(fields);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    setStatus(null);
    let next: Status;
    try {
      await sendContactMessage({ name: fields.name.trim(), email: fields.email.trim(), message: fields.message.trim() });
      next = { kind: 'success', text: CONTACT_PAGE.success };
      setFields(EMPTY);
    } catch {
      next = { kind: 'error', text: CONTACT_PAGE.failure };
    }
    setSending(false);
    setStatus(next);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setStatus(null), MESSAGE_CLEAR_MS);
  }

  const field = (key: keyof Fields, label: string, input: ReactNode) => (
    <Field.Root invalid={Boolean(errors[key])} required>
      <Field.Label>{label}</Field.Label>
      {input}
      <Field.ErrorText>{errors[key]}</Field.ErrorText>
    </Field.Root>
  );

  const inputStyle = { bg: 'bg.subtle', borderColor: 'border.emphasized', size: 'lg' as const };
  return (
    <PageSection>
      <PageHero title="Contact" highlight="Us" headline={CONTACT_PAGE.gradianttitle} intro={CONTACT_PAGE.intro} />
      <SimpleGrid columns={{ base: 1, lg: 5 }} gap={{ base: 8, lg: 10 }} mt={{ base: 8, md: 12 }}>
        <Box gridColumn={{ lg: 'span 3' }} p={{ base: 5, md: 8 }} rounded="2xl" bg="bg.panel" borderWidth="1px" borderColor="border.muted">
          <Heading as="h2" fontSize="xl" mb="6">
            {CONTACT_PAGE.formTitle}
          </Heading>
          <chakra.form onSubmit={onSubmit} noValidate aria-label="Contact form">
            <Stack gap="5">
              {field('name', CONTACT_PAGE.labels.name, <Input name="name" autoComplete="name" placeholder={CONTACT_PAGE.placeholders.name} value={fields.name} onChange={set('name')} {...inputStyle} />)}
              {field('email', CONTACT_PAGE.labels.email, <Input name="email" type="email" autoComplete="email" placeholder={CONTACT_PAGE.placeholders.email} value={fields.email} onChange={set('email')} {...inputStyle} />)}
              {field('message', CONTACT_PAGE.labels.message, <Textarea name="message" rows={6} placeholder={CONTACT_PAGE.placeholders.message} value={fields.message} onChange={set('message')} {...inputStyle} />)}
              <AccentButton type="submit" size="lg" rounded="full" disabled={sending || !hydrated} alignSelf={{ base: 'stretch', sm: 'flex-start' }} px="8">
                {sending ? CONTACT_PAGE.sending : CONTACT_PAGE.submit}
              </AccentButton>
              <Text role="status" aria-live="polite" minH="6" fontWeight="medium" color={status?.kind === 'error' ? 'red.300' : 'green.300'}>
                {status?.text}
              </Text>
            </Stack>
          </chakra.form>
        </Box>
        <Stack gridColumn={{ lg: 'span 2' }} gap="4">
          <Stack p="6" rounded="2xl" bg="bg.subtle" borderWidth="1px" borderColor="border.muted" gap="1">
            <Text fontSize="sm" color="fg.subtle">Email</Text>
            <Link href={SUPPORT_MAILTO} color="brand.fg" fontWeight="semibold">{SUPPORT_EMAIL}</Link>
            <Text fontSize="sm" color="fg.muted">{SUPPORT_HOURS}</Text>
          </Stack>
          <Stack p="6" rounded="2xl" bg="bg.subtle" borderWidth="1px" borderColor="border.muted" gap="1">
            <Text fontSize="sm" color="fg.subtle">Phone</Text>
            <Link href={PHONE_HREF} fontWeight="semibold">{PHONE}</Link>
          </Stack>
          <Stack p="6" rounded="2xl" bg="bg.subtle" borderWidth="1px" borderColor="border.muted" gap="1">
            <Text fontSize="sm" color="fg.subtle">Office</Text>
            <Box as="address" fontStyle="normal" lineHeight="1.7">
              {ADDRESS_LINES.map((l) => (
                <Box as="span" display="block" key={l}>{l}</Box>
              ))}
            </Box>
            <Link href={MAPS_URL} target="_blank" rel="noopener noreferrer" color="brand.fg" fontSize="sm" mt="1">
              Open in Maps
            </Link>
          </Stack>
        </Stack>
      </SimpleGrid>
    </PageSection>
  );
}
