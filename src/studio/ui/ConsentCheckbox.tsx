import { chakra } from '@chakra-ui/react';
import { CONSENT_LABEL } from '../../../contract/studio';

interface ConsentCheckboxProps {
  /** The id of the input (its label is the consent sentence). */
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/**
 * The required consent box wherever media that may show or sound like a real person goes in
 * (issue 26): a link, a garment photo, a voice. Generate checks it and alerts the server's own
 * message when it is not ticked. A native checkbox, as on sign-up: one box needs no state machine.
 */
export function ConsentCheckbox({ id, checked, onChange }: ConsentCheckboxProps) {
  return (
    <chakra.label htmlFor={id} display="flex" alignItems="flex-start" gap="2.5" textStyle="sm" color="fg.muted" cursor="pointer">
      <chakra.input
        id={id}
        type="checkbox"
        required
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        flexShrink={0}
        boxSize="4"
        mt="0.5"
        accentColor="brand.solid"
        cursor="pointer"
      />
      <span>{CONSENT_LABEL}</span>
    </chakra.label>
  );
}
