import { chakra } from '@chakra-ui/react';

/** A native <select> styled like the inputs (the nativeSelect recipe would grow every public page). */
export const NativeSelect = chakra('select', {
  base: {
    w: 'full',
    h: '10',
    px: '3',
    rounded: 'l2',
    borderWidth: '1px',
    borderColor: 'border',
    bg: 'bg',
    color: 'fg',
    fontSize: 'md',
    cursor: 'pointer',
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '1px' },
    '& option': { bg: 'bg.panel', color: 'fg' },
  },
});
