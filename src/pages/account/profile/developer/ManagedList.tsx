import { Alert, Box, Button, Center, Field, Heading, HStack, Input, Spinner, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { ApiError } from '../../../../api/client';
import { ConfirmDialog } from '../ConfirmDialog';
import { SecretOnce } from './SecretOnce';

export interface ManagedListProps<T extends { id: string }> {
  title: string;
  description: ReactNode;
  /** The create form's one field. */
  field: { label: string; placeholder: string; type: 'text' | 'url'; maxLength: number };
  createLabel: string;
  /** What the one-time secret is called ("API key", "signing secret"). */
  secretLabel: string;
  empty: string;
  /** More of the create form, under its field (the endpoint's events). */
  extra?: ReactNode;
  load: () => Promise<T[]>;
  /** Resolves with the secret to show once. */
  create: (value: string) => Promise<string>;
  remove: (item: T) => Promise<void>;
  /** The remove button's text ("Revoke") and its accessible name, naming the row. */
  removeText: string;
  removeLabel: (item: T) => string;
  /** Asked before removing (issue 45): the question naming the row, and what removing it does. */
  confirm: (item: T) => { title: string; body: string };
  renderItem: (item: T) => ReactNode;
  /** Under the row, across its width (an endpoint's deliveries); `reload` reads the list again. */
  renderDetails?: (item: T, reload: () => void) => ReactNode;
}

type Load<T> = { state: 'loading' } | { state: 'error' } | { state: 'ready'; items: T[] };

const messageOf = (err: unknown, fallback: string) => (err instanceof ApiError && err.status > 0 && err.status < 500 ? err.message : fallback);

/** A list the user manages: loading, error and empty states, a one-field create form whose secret shows once, and a remove button per row. */
export function ManagedList<T extends { id: string }>(props: ManagedListProps<T>) {
  const { load } = props;
  const [list, setList] = useState<Load<T>>({ state: 'loading' });
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const headingId = useId();

  const reload = useCallback(async () => {
    try {
      setList({ state: 'ready', items: await load() });
    } catch {
      setList({ state: 'error' });
    }
  }, [load]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!value.trim()) {
      setError(`${props.field.label} is required.`);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setSecret(await props.create(value.trim()));
      setValue('');
      await reload();
    } catch (err) {
      setError(messageOf(err, 'Could not save. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const [asking, setAsking] = useState<T | null>(null);
  const [removing, setRemoving] = useState(false);
  const onRemove = async (item: T) => {
    setError(null);
    setRemoving(true);
    try {
      await props.remove(item);
      await reload();
    } catch (err) {
      setError(messageOf(err, 'Could not remove it. Please try again.'));
    } finally {
      setRemoving(false);
      setAsking(null);
    }
  };
  const question = asking ? props.confirm(asking) : null;

  return (
    <Stack as="section" aria-labelledby={headingId} gap="4">
      <Stack gap="1">
        <Heading as="h3" size="md" id={headingId}>
          {props.title}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {props.description}
        </Text>
      </Stack>

      {secret ? <SecretOnce label={props.secretLabel} secret={secret} onDone={() => setSecret(null)} /> : null}

      <form onSubmit={onSubmit} noValidate>
        <Field.Root invalid={Boolean(error)}>
          <Field.Label>{props.field.label}</Field.Label>
          <HStack gap="2" align="flex-start" flexWrap={{ base: 'wrap', sm: 'nowrap' }}>
            <Input
              type={props.field.type}
              value={value}
              maxLength={props.field.maxLength}
              placeholder={props.field.placeholder}
              onChange={(e) => setValue(e.target.value)}
              bg="bg.subtle"
            />
            <Button type="submit" colorPalette="brand" loading={busy} loadingText="Saving..." flexShrink={0}>
              {props.createLabel}
            </Button>
          </HStack>
          <Field.ErrorText>{error}</Field.ErrorText>
        </Field.Root>
        {props.extra}
      </form>

      {list.state === 'loading' ? (
        <Center role="status" aria-live="polite" py="4" gap="2">
          <Spinner size="sm" />
          <Text color="fg.muted">Loading...</Text>
        </Center>
      ) : null}
      {list.state === 'error' ? (
        <Alert.Root status="error" rounded="xl">
          <Alert.Indicator />
          <Alert.Title flex="1">Could not load this list.</Alert.Title>
          <Button size="sm" variant="outline" onClick={() => void reload()}>
            Try again
          </Button>
        </Alert.Root>
      ) : null}
      {list.state === 'ready' && list.items.length === 0 ? <Text color="fg.muted">{props.empty}</Text> : null}
      {list.state === 'ready' && list.items.length > 0 ? (
        <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
          {list.items.map((item) => (
            <Stack as="li" key={item.id} gap="2" borderWidth="1px" borderColor="border.muted" rounded="lg" px="3" py="2">
              <HStack gap="3" justify="space-between" align="center">
                <Box minW="0" flex="1">
                  {props.renderItem(item)}
                </Box>
                <Button size="sm" variant="outline" colorPalette="red" aria-label={props.removeLabel(item)} onClick={() => setAsking(item)}>
                  {props.removeText}
                </Button>
              </HStack>
              {props.renderDetails?.(item, () => void reload())}
            </Stack>
          ))}
        </Stack>
      ) : null}
      <ConfirmDialog
        title={question?.title ?? null}
        body={question?.body ?? ''}
        confirmText={props.removeText}
        busy={removing}
        onCancel={() => setAsking(null)}
        onConfirm={() => asking && void onRemove(asking)}
      />
    </Stack>
  );
}
