// Style fragments for the gradient accent, shared by components that are not Chakra recipes.
import type { SystemStyleObject } from '@chakra-ui/react';

/** Token references; use as `bgImage={accentGradient}`. */
export const accentGradient = '{gradients.accent}';
export const glowGradient = '{gradients.glow}';
/** The accent behind white text: every point keeps 4.5:1 with it (WCAG 1.4.3). */
export const accentLabelGradient = '{gradients.accentLabel}';
const accentLabelGradientHover = '{gradients.accentLabelHover}';

/** Text painted with the accent gradient: the spec's highlighted title parts ('gradianttitle'). */
export const gradientTextStyle: SystemStyleObject = {
  bgImage: accentGradient,
  bgClip: 'text',
  color: 'transparent',
  boxDecorationBreak: 'clone',
};

/** Primary action: gradient fill, white label, a soft glow on hover. */
export const accentButtonStyle: SystemStyleObject = {
  bgImage: accentLabelGradient,
  bgColor: 'brand.solid',
  color: 'white',
  fontWeight: 'semibold',
  border: 'none',
  boxShadow: '0 6px 24px -8px rgba(192, 76, 253, 0.55)',
  transition: 'box-shadow 0.2s, transform 0.2s, filter 0.2s',
  _hover: { bgImage: accentLabelGradientHover, boxShadow: '0 10px 30px -8px rgba(192, 76, 253, 0.7)' },
  _active: { transform: 'translateY(1px)' },
  _disabled: { filter: 'saturate(0.4)', opacity: 0.6, boxShadow: 'none' },
};
