import { Button, Dialog, Portal, Text } from '@chakra-ui/react';

interface ConfirmDialogProps {
  /** Open while it names what is asked about ("Revoke key agency CMS?"). */
  title: string | null;
  body: string;
  confirmText: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before something that cannot be undone (issue 45: revoking a key, deleting an endpoint). */
export function ConfirmDialog({ title, body, confirmText, busy, onCancel, onConfirm }: ConfirmDialogProps) {
  return (
    <Dialog.Root role="alertdialog" open={title !== null} onOpenChange={(e) => !e.open && !busy && onCancel()} placement="center">
      <Portal>
        <Dialog.Backdrop backdropFilter="blur(6px)" />
        <Dialog.Positioner px="4">
          <Dialog.Content bg="bg.panel" borderWidth="1px" borderColor="border" rounded="2xl">
            <Dialog.Header>
              <Dialog.Title wordBreak="break-word">{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text color="fg.muted">{body}</Text>
            </Dialog.Body>
            <Dialog.Footer gap="3">
              <Button variant="ghost" onClick={onCancel} disabled={busy}>
                Cancel
              </Button>
              <Button colorPalette="red" onClick={onConfirm} loading={busy}>
                {confirmText}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
