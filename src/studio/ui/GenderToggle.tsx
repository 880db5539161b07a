import { Box, Button } from '@chakra-ui/react';
import type { Gender } from '../galleryStore';

const OPTIONS: readonly { value: Gender; label: string }[] = [
  { value: 'female', label: 'Women' },
  { value: 'male', label: 'Men' },
];

/** The Women/Men toggle (spec §2): a pair of pressed/unpressed buttons. */
export function GenderToggle({ value, onChange }: { value: Gender; onChange: (g: Gender) => void }) {
  return (
    <Box role="group" aria-label="Gender" display="inline-flex" p="1" gap="1" rounded="full" bg="bg.muted" borderWidth="1px" borderColor="border.muted">
      {OPTIONS.map((o) => (
        <Button
          key={o.value}
          size="sm"
          rounded="full"
          px="5"
          variant={value === o.value ? 'solid' : 'ghost'}
          aria-pressed={value === o.value}
          onClick={() => onChange(o.value)}
        >
          {o.label}
        </Button>
      ))}
    </Box>
  );
}
