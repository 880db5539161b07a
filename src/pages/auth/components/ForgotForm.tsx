import { Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { AccentButton } from '../../../app/ui/AccentButton';
import { hasErrors, validateForgot, type FieldErrors } from '../../../lib/validation';
import type { AuthFlow } from '../useAuthFlow';
import { AuthForm } from './AuthForm';
import { EmailField } from './AuthField';
import { ModeLink } from './ModeLink';

/** Mode 3: Reset Password (ask for the email, send a code). */
export function ForgotForm({ flow }: { flow: AuthFlow }) {
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'email'>>({});

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateForgot({ email });
    setErrors(found);
    if (hasErrors(found)) return;
    setErrors((await flow.requestReset(email)) ?? {});
  };

  return (
    <>
      <Text mb="6" color="fg.muted">
        Enter the email of your account and we will send you a 6-digit code.
      </Text>
      <AuthForm gap="5" onSubmit={onSubmit}>
        <EmailField value={email} onValue={setEmail} error={errors.email} />
        <AccentButton type="submit" size="lg" w="full" disabled={flow.busy}>
          Send OTP
        </AccentButton>

      </AuthForm>
      <Text mt="6" textAlign="center">
        <ModeLink to="/login">Back to Login</ModeLink>
      </Text>
    </>
  );
}
