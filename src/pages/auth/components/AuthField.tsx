import type { InputProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FormField } from '../../../app/ui/FormField';
import { TextInput } from '../../../app/ui/TextInput';

interface AuthFieldProps extends Omit<InputProps, 'size'> {
  label: string;
  error?: string;
  helper?: ReactNode;
}

/** A labelled input with its validation message below (linked by aria-describedby). */
export function AuthField({ label, error, helper, ...input }: AuthFieldProps) {
  return (
    <FormField label={label} error={error} helper={helper}>
      {(control) => <TextInput size="lg" bg="bg.subtle" borderColor="border.emphasized" {...input} {...control} />}
    </FormField>
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
