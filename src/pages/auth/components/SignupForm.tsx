import { Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { AccentButton } from '../../../app/ui/AccentButton';
import {
  hasErrors,
  nameLiveError,
  validateGoogleSignup,
  validateSignup,
  type FieldErrors,
} from '../../../lib/validation';
import type { AuthFlow } from '../useAuthFlow';
import { AuthForm } from './AuthForm';
import { AuthField, EmailField } from './AuthField';
import { GoogleSignIn } from './GoogleSignIn';
import { ModeLink } from './ModeLink';
import { PasswordField } from './PasswordField';
import { TermsCheckbox } from './TermsCheckbox';

type SignupField = 'name' | 'email' | 'password' | 'terms';

/** Mode 2: Create an Account; or, for an unknown Google user, the same panel prefilled from Google. */
export function SignupForm({ flow }: { flow: AuthFlow }) {
  const google = flow.googleIdentity;
  const [name, setName] = useState(google?.name ?? '');
  const [email, setEmail] = useState(google?.email ?? '');
  const [password, setPassword] = useState('');
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<SignupField>>({});

  const onName = (value: string) => {
    setName(value);
    // The '@' rule is shown live (spec §5); other name messages wait for submit.
    setErrors((prev) => ({ ...prev, name: nameLiveError(value) }));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const found = google ? validateGoogleSignup({ name, terms }) : validateSignup({ name, email, password, terms });
    setErrors(found);
    if (hasErrors(found)) return;
    const server = google ? await flow.googleSignup(name) : await flow.signup(name, email, password);
    setErrors(server ?? {});
  };

  return (
    <>
      {google ? (
        <Text mb="5" color="fg.muted">
          Your Google account is verified. Accept the terms to create your Persona Studio account.
        </Text>
      ) : null}
      <AuthForm gap="5" onSubmit={onSubmit}>
        <AuthField
          label="Name"
          autoComplete="name"
          placeholder="Your name"
          value={name}
          onChange={(e) => onName(e.target.value)}
          error={errors.name}
        />
        <EmailField value={email} onValue={setEmail} error={errors.email} readOnly={Boolean(google)} />
        {google ? null : (
          <PasswordField
            label="Password"
            autoComplete="new-password"
            placeholder="At least 6 characters"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={errors.password}
          />
        )}
        <TermsCheckbox
          checked={terms}
          onChange={(checked) => {
            setTerms(checked);
            if (checked) setErrors((prev) => ({ ...prev, terms: undefined }));
          }}
          error={errors.terms}
        />
        <AccentButton type="submit" size="lg" w="full" disabled={flow.busy}>
          {google ? 'Continue' : 'Create an Account'}
        </AccentButton>

      </AuthForm>
      {google ? null : (
        <GoogleSignIn onCredential={flow.googleCredential} onError={flow.googleFailed} disabled={flow.busy} />
      )}
      <Text mt="6" textAlign="center" color="fg.muted">
        Already have an account?{' '}
        <ModeLink to="/login" onNavigate={() => void flow.switchMode('/login')}>
          Login
        </ModeLink>
      </Text>
    </>
  );
}
