import { Box, Checkbox, Link, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';

interface TermsCheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
}

/** Sign-up's required terms box, linking to /terms (opened in a new tab so the form keeps its input). */
export function TermsCheckbox({ checked, onChange, error }: TermsCheckboxProps) {
  const errorId = useId();
  return (
    <Box>
      <Checkbox.Root
        checked={checked}
        onCheckedChange={(e) => onChange(e.checked === true)}
        invalid={Boolean(error)}
        colorPalette="brand"
        alignItems="flex-start"
      >
        <Checkbox.HiddenInput aria-describedby={error ? errorId : undefined} />
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
      {error ? (
        <Text id={errorId} mt="1.5" fontSize="xs" color="fg.error">
          {error}
        </Text>
      ) : null}
    </Box>
  );
}
