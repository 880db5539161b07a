import { Button, Dialog, Portal, Text } from '@chakra-ui/react';

interface DeleteAccountDialogProps {
  open: boolean;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The confirmation popup before deleting the account. */
export function DeleteAccountDialog({ open, deleting, onCancel, onConfirm }: DeleteAccountDialogProps) {
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(e) => {
        if (!e.open && !deleting) onCancel();
      }}
      placement="center"
      motionPreset="slide-in-bottom"
    >
      <Portal>
        <Dialog.Backdrop backdropFilter="blur(6px)" />
        <Dialog.Positioner px="4">
          <Dialog.Content bg="bg.panel" borderWidth="1px" borderColor="border" rounded="2xl">
            <Dialog.Header>
              <Dialog.Title>Delete account?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text color="fg.muted">
                This permanently deletes your account, your gallery and your generated media, and cancels your
                subscription. This cannot be undone.
              </Text>
            </Dialog.Body>
            <Dialog.Footer gap="3">
              <Button variant="ghost" onClick={onCancel} disabled={deleting}>
                Cancel
              </Button>
              <Button colorPalette="red" onClick={onConfirm} loading={deleting} loadingText="Deleting...">
                Confirm
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
