// The brand's gradient family (violet #8b5cf6 to pink #ec4899) and its neighbours, on near-black.

export interface Palette {
  /** Main glow colour. */
  a: string;
  /** Second glow colour. */
  b: string;
  /** Rim light, a pale tint of a or b. */
  rim: string;
  /** Background base, near-black with a hue. */
  base: string;
  /** A lighter background tone for gradients. */
  haze: string;
}

export const PALETTES: readonly Palette[] = [
  { a: '#8b5cf6', b: '#ec4899', rim: '#f5d0fe', base: '#0b0a12', haze: '#1e1433' },
  { a: '#6366f1', b: '#d946ef', rim: '#e0e7ff', base: '#09091a', haze: '#181a3d' },
  { a: '#ec4899', b: '#fb923c', rim: '#ffe4e6', base: '#120a10', haze: '#2e1222' },
  { a: '#8b5cf6', b: '#22d3ee', rim: '#cffafe', base: '#070b14', haze: '#14203a' },
  { a: '#f43f5e', b: '#a855f7', rim: '#fce7f3', base: '#110910', haze: '#2a1030' },
  { a: '#a855f7', b: '#f472b6', rim: '#fae8ff', base: '#0d0914', haze: '#24143a' },
  { a: '#db2777', b: '#4f46e5', rim: '#fbcfe8', base: '#0c0a17', haze: '#221338' },
];

/** Skin tones, light then shadow. */
export const SKIN: ReadonlyArray<readonly [string, string]> = [
  ['#f6d5bf', '#c48f74'],
  ['#ecc09f', '#a8705a'],
  ['#dca383', '#94583f'],
  ['#c58a64', '#7b4a32'],
  ['#a36d4b', '#5e3724'],
  ['#7e4f35', '#432617'],
];

export const HAIR_COLORS: Record<string, string> = {
  black: '#16121c',
  dark: '#231a22',
  brown: '#4a2f24',
  auburn: '#8c3a26',
  blonde: '#e6c48a',
  platinum: '#ece6f2',
  silver: '#c9c6d6',
  bleached: '#efdcb0',
  salt: '#9b97a3',
};

export const OUTFIT_COLORS: Record<string, string> = {
  chrome: '#b8bcc8',
  emerald: '#0f9f73',
  skate: '#f3f0ea',
  cream: '#eee4d3',
  neon: '#c4f542',
  linen: '#e7dbc6',
  pastel: '#f5b5d4',
  charcoal: '#2d2b33',
  wetsuit: '#15161c',
  denim: '#3d5f8f',
  hoodie: '#6b6876',
  blue: '#3b6fd0',
};

/** Blends two #rrggbb colours: t = 0 gives a, 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const pa = [1, 3, 5].map((i) => parseInt(a.slice(i, i + 2), 16));
  const pb = [1, 3, 5].map((i) => parseInt(b.slice(i, i + 2), 16));
  return `#${pa.map((v, i) => Math.round(v + ((pb[i] as number) - v) * t).toString(16).padStart(2, '0')).join('')}`;
}
