import { Box, chakra, Link, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';

interface TermsCheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
}

/**
 * Sign-up's required terms box, linking to /terms (opened in a new tab so the form keeps its
 * input). A native checkbox in the brand colour: /signup is a first page for many visitors, and
 * Chakra's Checkbox brings a state machine's worth of script for one box.
 */
export function TermsCheckbox({ checked, onChange, error }: TermsCheckboxProps) {
  const errorId = useId();
  return (
    <Box>
      <chakra.label display="flex" alignItems="flex-start" gap="2.5" textStyle="sm" color="fg.muted" cursor="pointer">
        <chakra.input
          type="checkbox"
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          flexShrink={0}
          boxSize="4"
          mt="0.5"
          accentColor="brand.solid"
          cursor="pointer"
        />
        <span>
          I agree to the{' '}
          <Link asChild color="brand.fg" textDecoration="underline">
            <RouterLink to="/terms" target="_blank" rel="noopener">
              Terms and Conditions
            </RouterLink>
          </Link>
        </span>
      </chakra.label>
      {error ? (
        <Text id={errorId} mt="1.5" fontSize="xs" color="fg.error">
          {error}
        </Text>
      ) : null}
    </Box>
  );
}
