import { Field, IconButton, Input, InputGroup, type InputProps } from '@chakra-ui/react';
import { useState } from 'react';

interface PasswordFieldProps extends Omit<InputProps, 'size' | 'type'> {
  label: string;
  error?: string;
  /** What the show/hide button names, e.g. 'password' -> 'Show password'. */
  toggleName?: string;
}

function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {open ? null : <path d="M4 4l16 16" />}
    </svg>
  );
}

/** A password input with a show/hide toggle button. */
export function PasswordField({ label, error, toggleName = 'password', ...input }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      <InputGroup
        endElement={
          <IconButton
            variant="ghost"
            size="sm"
            me="-2"
            color="fg.muted"
            aria-label={`${visible ? 'Hide' : 'Show'} ${toggleName}`}
            aria-pressed={visible}
            onClick={() => setVisible((v) => !v)}
          >
            <EyeIcon open={visible} />
          </IconButton>
        }
      >
        <Input size="lg" bg="bg.subtle" borderColor="border.emphasized" type={visible ? 'text' : 'password'} {...input} />
      </InputGroup>
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
