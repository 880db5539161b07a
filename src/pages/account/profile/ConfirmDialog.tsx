import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useRef } from 'react';

interface ConfirmDialogProps {
  /** Open while it names what is asked about ("Revoke key agency CMS?"). */
  title: string | null;
  body: string;
  confirmText: string;
  /** The confirm button's text while it works ("Deleting..."). */
  loadingText?: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before something that cannot be undone: deleting the account; revoking a key, deleting an endpoint (issue 45). */
export function ConfirmDialog({ title, body, confirmText, loadingText, busy, onCancel, onConfirm }: ConfirmDialogProps) {
  // The question stays in place while the dialog fades out.
  const shown = useRef({ title, body });
  if (title !== null) shown.current = { title, body };
  return (
    <Dialog.Root role="alertdialog" open={title !== null} onOpenChange={(e) => !e.open && !busy && onCancel()} placement="center" motionPreset="slide-in-bottom">
      <Portal>
        <Dialog.Backdrop backdropFilter="blur(6px)" />
        <Dialog.Positioner px="4">
          <Dialog.Content bg="bg.panel" borderWidth="1px" borderColor="border" rounded="2xl">
            <Dialog.Header>
              <Dialog.Title wordBreak="break-word">{shown.current.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text color="fg.muted">{shown.current.body}</Text>
            </Dialog.Body>
            <Dialog.Footer gap="3">
              <Button variant="ghost" onClick={onCancel} disabled={busy}>
                Cancel
              </Button>
              <Button colorPalette="red" onClick={onConfirm} loading={busy} loadingText={loadingText}>
                {confirmText}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
