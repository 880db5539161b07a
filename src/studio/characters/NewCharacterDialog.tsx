// "New character" (issue 44): the character form in a dialog, from /characters, or from a face
// result's "Save as character" with that face chosen.
import { Box, Button, CloseButton, Dialog, Portal, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import type { CharacterGender } from '../../../contract/characters';
import { AccentButton } from '../../app/ui/AccentButton';
import { useCharacterStore, type Character } from '../../stores/characterStore';
import { createBody, newDraft, refusedBy } from './characterDraft';
import { useCharacterDraft } from './useCharacterDraft';
import { CharacterFields } from './CharacterFields';

interface NewCharacterDialogProps {
  open: boolean;
  onClose: () => void;
  /** A face to start from ("Save as character"). */
  face?: { url: string; gender: CharacterGender } | null;
  onCreated: (character: Character) => void;
}

export function NewCharacterDialog({ open, onClose, face, onCreated }: NewCharacterDialogProps) {
  const create = useCharacterStore((s) => s.create);
  const { draft, errors, busy, change, reset, submit } = useCharacterDraft(
    () => newDraft(face?.url, face?.gender),
    async (d) => onCreated(await refusedBy(async () => create(await createBody(d)))),
  );
  // Each opening starts afresh, from the face it was opened with.
  useEffect(() => {
    if (open) reset(newDraft(face?.url, face?.gender));
    // reset is a new function each render; the opening and the face are what matter.
  }, [open, face?.url, face?.gender]);

  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && !busy && onClose()} placement="center" scrollBehavior="inside" size={{ base: 'full', md: 'lg' }}>
      <Portal>
        <Dialog.Backdrop backdropFilter="blur(6px)" />
        <Dialog.Positioner px={{ base: 0, md: 3 }}>
          <Dialog.Content bg="bg.panel" rounded={{ base: 'none', md: '2xl' }} asChild>
            <form onSubmit={(e) => void submit(e)} noValidate>
              <Dialog.Header>
                <Dialog.Title>New character</Dialog.Title>
              </Dialog.Header>
              <Dialog.CloseTrigger asChild>
                <CloseButton aria-label="Close" size="sm" position="absolute" top="3" right="3" disabled={busy} />
              </Dialog.CloseTrigger>
              <Dialog.Body>
                <CharacterFields draft={draft} onChange={change} errors={errors} />
              </Dialog.Body>
              <Dialog.Footer flexDirection="column" alignItems="stretch" gap="3">
                {errors.form && (
                  <Box role="alert" rounded="lg" borderWidth="1px" borderColor="border.error" px="3" py="2">
                    <Text fontSize="sm">{errors.form}</Text>
                  </Box>
                )}
                {Object.keys(errors).length > 0 && !errors.form && (
                  <Text role="alert" fontSize="sm" color="fg.error">
                    Please check the fields marked above.
                  </Text>
                )}
                <Box display="flex" justifyContent="flex-end" gap="3">
                  <Button variant="ghost" onClick={onClose} disabled={busy}>
                    Cancel
                  </Button>
                  <AccentButton type="submit" loading={busy} loadingText="Saving">
                    Create character
                  </AccentButton>
                </Box>
              </Dialog.Footer>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
