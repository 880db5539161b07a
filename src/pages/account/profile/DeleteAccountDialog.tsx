import { ConfirmDialog } from './ConfirmDialog';

interface DeleteAccountDialogProps {
  open: boolean;
  deleting: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The confirmation popup before deleting the account. */
export function DeleteAccountDialog({ open, deleting, onCancel, onConfirm }: DeleteAccountDialogProps) {
  return (
    <ConfirmDialog
      title={open ? 'Delete account?' : null}
      body="This permanently deletes your account, your gallery and your generated media, and cancels your subscription. This cannot be undone."
      confirmText="Confirm"
      loadingText="Deleting..."
      busy={deleting}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
