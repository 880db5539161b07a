import { Box, chakra, type InputProps } from '@chakra-ui/react';
import { useState } from 'react';
import { FormField } from '../../../app/ui/FormField';
import { TextInput } from '../../../app/ui/TextInput';

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
    <FormField label={label} error={error}>
      {(control) => (
        // The toggle sits inside the input's right end (Chakra's InputGroup does the same with a
        // group component and its context: more code than this page can spare).
        <Box position="relative" w="full">
          <TextInput size="lg" bg="bg.subtle" borderColor="border.emphasized" pe="12" type={visible ? 'text' : 'password'} {...input} {...control} />
          <chakra.button
            type="button"
            position="absolute"
            top="50%"
            insetEnd="2"
            transform="translateY(-50%)"
            display="inline-flex"
            alignItems="center"
            justifyContent="center"
            boxSize="9"
            rounded="md"
            color="fg.muted"
            cursor="pointer"
            _hover={{ bg: 'bg.muted', color: 'fg' }}
            aria-label={`${visible ? 'Hide' : 'Show'} ${toggleName}`}
            aria-pressed={visible}
            onClick={() => setVisible((v) => !v)}
          >
            <EyeIcon open={visible} />
          </chakra.button>
        </Box>
      )}
    </FormField>
  );
}
