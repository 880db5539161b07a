import { Stack, Switch, Text } from '@chakra-ui/react';

interface CommsToggleProps {
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}

/** Communications: receive news and updates (saved at once through /update_profile/). */
export function CommsToggle({ checked, disabled, onChange }: CommsToggleProps) {
  return (
    <Switch.Root
      checked={checked}
      disabled={disabled}
      onCheckedChange={(e) => onChange(e.checked)}
      colorPalette="brand"
      size="lg"
      display="flex"
      justifyContent="space-between"
      alignItems="center"
      gap="4"
      w="full"
    >
      <Switch.HiddenInput aria-describedby="comms-help" />
      <Stack gap="0.5">
        <Switch.Label fontSize="md" fontWeight="semibold">
          Communications
        </Switch.Label>
        <Text id="comms-help" fontSize="sm" color="fg.muted">
          Receive news and updates from Persona Studio.
        </Text>
      </Stack>
      <Switch.Control>
        <Switch.Thumb />
      </Switch.Control>
    </Switch.Root>
  );
}
