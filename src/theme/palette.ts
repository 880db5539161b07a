// Raw colours of the studio look. The CSS gradient strings are also used outside Chakra
// (manifest colours, SVG icons in public/ use the same stops: #7C4DFF -> #C04CFD -> #FF5E8A).

export const surface = {
  canvas: '#09090F', // page background; also theme_color / background_color in the manifest
  raised: '#0F0F18',
  panel: '#12121C',
  muted: '#171723',
  emphasized: '#21212F',
} as const;

export const ink = {
  DEFAULT: '#F4F4F8',
  muted: '#A9A9BE',
  // At least 4.5:1 on every surface above (4.7 on emphasized, 5.3 on muted).
  subtle: '#8A8AA3',
} as const;

export const line = {
  DEFAULT: '#24243A',
  muted: '#1B1B2A',
  emphasized: '#34344E',
} as const;

export const brand = {
  50: '#F3EEFF',
  100: '#E4D9FF',
  200: '#CBB6FF',
  300: '#AD8CFF',
  400: '#9468FF',
  500: '#7C4DFF',
  600: '#6A36F0',
  700: '#5726CC',
  800: '#431DA0',
  900: '#2F1573',
  950: '#1C0C47',
} as const;

export const accentStops = ['#7C4DFF', '#C04CFD', '#FF5E8A'] as const;

/**
 * The accent for surfaces that carry white text (buttons, the offer bar, initials): every point of
 * the gradient keeps white at 4.8:1 or more (the bright stops of `accentStops` fall to 2.9:1).
 */
export const accentLabelStops = ['#7C4DFF', '#A83BE0', '#D0245E'] as const;

export const gradients = {
  /** The one vivid accent: highlighted title parts and primary actions. */
  accent: `linear-gradient(120deg, ${accentStops[0]} 0%, ${accentStops[1]} 50%, ${accentStops[2]} 100%)`,
  /** Behind white labels (see accentLabelStops); the hover is a little deeper, never lighter. */
  accentLabel: `linear-gradient(120deg, ${accentLabelStops[0]} 0%, ${accentLabelStops[1]} 50%, ${accentLabelStops[2]} 100%)`,
  accentLabelHover: `linear-gradient(120deg, #7547FA 0%, #A536DC 50%, #CF2A60 100%)`,
  /** A soft glow for hero backdrops. */
  glow: `radial-gradient(60% 60% at 50% 0%, rgba(124, 77, 255, 0.35) 0%, rgba(192, 76, 253, 0.12) 45%, rgba(9, 9, 15, 0) 100%)`,
} as const;
