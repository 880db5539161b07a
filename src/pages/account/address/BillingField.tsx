import { Field, Input, type InputProps } from '@chakra-ui/react';
import type { ReactNode, Ref } from 'react';

export interface BillingFieldProps extends Omit<InputProps, 'size'> {
  label: string;
  error?: string;
  /** A note under the field (linked by aria-describedby); hidden while an error shows. */
  helper?: ReactNode;
  /** Helper text colour: muted notes, or a warning that needs the user's attention. */
  helperTone?: 'muted' | 'warning';
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its message below, like the login forms' fields (src/pages/auth). */
export function BillingField({ label, error, helper, helperTone = 'muted', readOnly, required, ...input }: BillingFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} readOnly={readOnly} required={required}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      <Input
        size="lg"
        bg={readOnly ? 'bg.muted' : 'bg.subtle'}
        borderColor={readOnly ? 'border.muted' : 'border.emphasized'}
        color={readOnly ? 'fg.muted' : undefined}
        {...input}
      />
      {helper && !error ? <Field.HelperText color={helperTone === 'warning' ? 'orange.fg' : undefined}>{helper}</Field.HelperText> : null}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
