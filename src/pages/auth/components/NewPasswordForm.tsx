import { Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { AccentButton } from '../../../app/ui/AccentButton';
import { hasErrors, validateNewPassword, type FieldErrors } from '../../../lib/validation';
import type { OtpFlowState } from '../flowState';
import type { AuthFlow } from '../useAuthFlow';
import { AuthForm } from './AuthForm';
import { ModeLink } from './ModeLink';
import { PasswordField } from './PasswordField';

/** Mode 5: Set New Password (after a verified reset code). */
export function NewPasswordForm({ flow, state }: { flow: AuthFlow; state: OtpFlowState }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'password' | 'confirm'>>({});

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateNewPassword({ password, confirm });
    setErrors(found);
    if (hasErrors(found)) return;
    await flow.updatePassword(state, password);
  };

  return (
    <>
      <Text mb="6" color="fg.muted">
        Choose a new password for{' '}
        <Text as="strong" color="fg" wordBreak="break-all">
          {state.email}
        </Text>
        .
      </Text>
      <AuthForm gap="5" onSubmit={onSubmit}>
        <PasswordField
          label="New Password"
          toggleName="new password"
          autoComplete="new-password"
          placeholder="At least 6 characters"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
        />
        <PasswordField
          label="Re-enter Password"
          toggleName="re-entered password"
          autoComplete="new-password"
          placeholder="Type it again"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          error={errors.confirm}
        />
        <AccentButton type="submit" size="lg" w="full" disabled={flow.busy}>
          Update Password
        </AccentButton>

      </AuthForm>
      <Text mt="6" textAlign="center">
        <ModeLink to="/login">Back to Login</ModeLink>
      </Text>
    </>
  );
}
