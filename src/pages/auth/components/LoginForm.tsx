import { Button, Flex, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { AccentButton } from '../../../app/ui/AccentButton';
import { hasErrors, validateLogin, type FieldErrors } from '../../../lib/validation';
import type { AuthFlow } from '../useAuthFlow';
import { AuthForm } from './AuthForm';
import { EmailField } from './AuthField';
import { GoogleSignIn } from './GoogleSignIn';
import { ModeLink } from './ModeLink';
import { PasswordField } from './PasswordField';

/** Mode 1: Login. */
export function LoginForm({ flow }: { flow: AuthFlow }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'email' | 'password'>>({});

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateLogin({ email, password });
    setErrors(found);
    if (hasErrors(found)) return;
    setErrors((await flow.login(email, password)) ?? {});
  };

  return (
    <>
      <AuthForm gap="5" onSubmit={onSubmit}>
        <EmailField value={email} onValue={setEmail} error={errors.email} />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          placeholder="Your password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
        />
        <Flex justify="flex-end" mt="-2">
          <ModeLink to="/forgot">Forgot Password?</ModeLink>
        </Flex>
        {errors.email && /verify your email/i.test(errors.email) ? (
          // The account exists but its email was never verified: finish the sign-up.
          <Button variant="outline" size="lg" w="full" onClick={() => void flow.resumeSignup()} disabled={flow.busy}>
            Verify your email
          </Button>
        ) : null}
        <AccentButton type="submit" size="lg" w="full" disabled={flow.busy}>
          Login
        </AccentButton>

      </AuthForm>
      <GoogleSignIn onCredential={flow.googleCredential} onError={flow.googleFailed} disabled={flow.busy} />
      <Text mt="6" textAlign="center" color="fg.muted">
        New to Persona Studio?{' '}
        <ModeLink to="/signup" onNavigate={() => void flow.switchMode('/signup')}>
          Create an Account
        </ModeLink>
      </Text>
    </>
  );
}
