import { Checkbox, Field, Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

interface TermsCheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
}

/** Sign-up's required terms box, linking to /terms. */
export function TermsCheckbox({ checked, onChange, error }: TermsCheckboxProps) {
  return (
    <Field.Root invalid={Boolean(error)}>
      <Checkbox.Root
        checked={checked}
        onCheckedChange={(e) => onChange(e.checked === true)}
        colorPalette="brand"
        alignItems="flex-start"
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control mt="0.5" />
        <Checkbox.Label fontWeight="normal" color="fg.muted">
          I agree to the{' '}
          <Link asChild color="brand.fg" textDecoration="underline">
            <RouterLink to="/terms" target="_blank" rel="noopener">
              Terms and Conditions
            </RouterLink>
          </Link>
        </Checkbox.Label>
      </Checkbox.Root>
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
