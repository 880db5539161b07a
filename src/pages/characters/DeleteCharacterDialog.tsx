import { Button, chakra, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { fieldError } from '../../api/characters';
import { useCharacterStore, type Character } from '../../stores/characterStore';
import { totalOutputs } from '../../studio/characters/characterText';

/** Delete, confirmed (issue 44): its outputs stay (untagged) unless the box says they go too. */
export function DeleteCharacterDialog({ character, open, onClose, onDeleted }: { character: Character; open: boolean; onClose: () => void; onDeleted: () => void }) {
  const remove = useCharacterStore((s) => s.remove);
  const [outputsToo, setOutputsToo] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const boxId = useId();
  const outputs = totalOutputs(character.counts);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await remove(character.id, outputsToo);
      onDeleted();
    } catch (err) {
      setError(fieldError(err).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog.Root role="alertdialog" open={open} onOpenChange={(e) => !e.open && !busy && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop backdropFilter="blur(6px)" />
        <Dialog.Positioner px="3">
          <Dialog.Content bg="bg.panel" rounded="2xl">
            <Dialog.Header>
              <Dialog.Title>{`Delete ${character.name}?`}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text color="fg.muted">
                  {outputs === 0
                    ? 'The character has no outputs yet.'
                    : `Its ${outputs} ${outputs === 1 ? 'output stays' : 'outputs stay'} in your gallery, with no character, unless you delete ${outputs === 1 ? 'it' : 'them'} too.`}
                </Text>
                {outputs > 0 && (
                  <chakra.label htmlFor={boxId} display="flex" alignItems="flex-start" gap="2.5" cursor="pointer">
                    <chakra.input id={boxId} type="checkbox" checked={outputsToo} onChange={(e) => setOutputsToo(e.target.checked)} boxSize="4" mt="1" accentColor="red.500" />
                    <span>{`Also delete its ${outputs} ${outputs === 1 ? 'output' : 'outputs'}`}</span>
                  </chakra.label>
                )}
                {error && (
                  <Text role="alert" color="fg.error" fontSize="sm">
                    {error}
                  </Text>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer gap="3">
              <Button variant="ghost" onClick={onClose} disabled={busy}>
                Cancel
              </Button>
              <Button colorPalette="red" onClick={() => void confirm()} loading={busy} loadingText="Deleting">
                {outputsToo ? 'Delete character and outputs' : 'Delete character'}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
