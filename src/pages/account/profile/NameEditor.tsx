import { Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { AccentButton } from '../../../app/ui/AccentButton';
import { nameError, nameLiveError } from '../../../lib/validation';

interface NameEditorProps {
  name: string;
  /** Resolves true when the server saved the name. */
  onSave: (name: string) => Promise<boolean>;
}

/** The name: read-only, Edit makes it editable, Save posts it and returns to read-only. */
export function NameEditor({ name, onSave }: NameEditorProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(name);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = nameError(draft);
    setError(problem);
    if (problem) return;
    setSaving(true);
    const saved = await onSave(draft.trim());
    setSaving(false);
    if (saved) setEditing(false);
  };

  if (!editing) {
    return (
      <Stack gap="1">
        <Text fontSize="sm" color="fg.muted" id="profile-name-label">
          Name
        </Text>
        <HStack gap="3" justify="space-between">
          <Text fontSize="xl" fontWeight="semibold" aria-labelledby="profile-name-label" wordBreak="break-word">
            {name}
          </Text>
          <Button
            variant="outline"
            size="sm"
            aria-label="Edit name"
            onClick={() => {
              setDraft(name);
              setError(undefined);
              setEditing(true);
            }}
          >
            Edit
          </Button>
        </HStack>
      </Stack>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="3">
        <Field.Root invalid={Boolean(error)}>
          <Field.Label>Name</Field.Label>
          <Input
            size="lg"
            bg="bg.subtle"
            borderColor="border.emphasized"
            autoComplete="name"
            autoFocus
            value={draft}
            onChange={(e) => {
              setDraft(e.target.value);
              setError(nameLiveError(e.target.value));
            }}
          />
          <Field.ErrorText>{error}</Field.ErrorText>
        </Field.Root>
        <HStack gap="3">
          <AccentButton type="submit" size="sm" loading={saving} loadingText="Saving...">
            Save
          </AccentButton>
          <Button variant="ghost" size="sm" onClick={() => setEditing(false)} disabled={saving}>
            Cancel
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
