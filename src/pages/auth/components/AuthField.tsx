import { Field, Input, type InputProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface AuthFieldProps extends Omit<InputProps, 'size'> {
  label: string;
  error?: string;
  helper?: ReactNode;
}

/** A labelled input with its validation message below (linked by aria-describedby). */
export function AuthField({ label, error, helper, ...input }: AuthFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      <Input size="lg" bg="bg.subtle" borderColor="border.emphasized" {...input} />
      {helper && !error ? <Field.HelperText>{helper}</Field.HelperText> : null}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

interface EmailFieldProps extends Omit<AuthFieldProps, 'label' | 'onChange'> {
  onValue: (email: string) => void;
}

/** The email field every mode uses. */
export function EmailField({ onValue, ...field }: EmailFieldProps) {
  return (
    <AuthField
      label="Email"
      type="email"
      autoComplete="email"
      placeholder="you@example.com"
      onChange={(e) => onValue(e.target.value)}
      {...field}
    />
  );
}
