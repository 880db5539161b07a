import { Button, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { AccentButton } from '../../../app/ui/AccentButton';
import { isOtpComplete, OTP_LENGTH, VALIDATION_MESSAGES } from '../../../lib/validation';
import type { OtpFlowState } from '../flowState';
import { notify } from '../notify';
import type { AuthFlow } from '../useAuthFlow';
import { AuthForm } from './AuthForm';
import { ModeLink } from './ModeLink';
import { OtpInput } from './OtpInput';

const empty = () => Array.from({ length: OTP_LENGTH }, () => '');

/** Mode 4: Verify your Email (sign-up or password reset, from the navigation state). */
export function OtpForm({ flow, state }: { flow: AuthFlow; state: OtpFlowState }) {
  const [digits, setDigits] = useState<string[]>(empty);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!isOtpComplete(digits)) {
      notify(VALIDATION_MESSAGES.otpIncomplete);
      return;
    }
    const accepted = await flow.verifyOtp(state, digits.join(''));
    if (!accepted) setDigits(empty());
  };

  const onResend = async () => {
    if (await flow.resendOtp(state.email)) setDigits(empty());
  };

  return (
    <>
      <Text mb="6" color="fg.muted">
        We sent a 6-digit code to{' '}
        <Text as="strong" color="fg" wordBreak="break-all">
          {state.email}
        </Text>
        . It is valid for 10 minutes.
      </Text>
      <AuthForm gap="6" onSubmit={onSubmit}>
        <OtpInput digits={digits} onChange={setDigits} disabled={flow.busy} autoFocus />
        <AccentButton type="submit" size="lg" w="full" disabled={flow.busy}>
          Verify OTP
        </AccentButton>

      </AuthForm>
      <Stack mt="6" align="center" gap="3">
        <Text color="fg.muted">
          Didn&apos;t get the code?{' '}
          <Button variant="plain" color="brand.fg" fontWeight="semibold" p="0" h="auto" minW="0" onClick={() => void onResend()} disabled={flow.busy}>
            Resend OTP
          </Button>
        </Text>
        <ModeLink to={state.purpose === 'signup' ? '/signup' : '/forgot'}>
          {state.purpose === 'signup' ? 'Back to Create an Account' : 'Back to Reset Password'}
        </ModeLink>
      </Stack>
    </>
  );
}
