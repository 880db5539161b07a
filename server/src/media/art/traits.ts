// Reads a manifest label ('Aria, silver bob haircut and chrome jacket') into drawable traits, so each
// picture follows its description without drawing any text.
import { HAIR_COLORS, OUTFIT_COLORS, PALETTES, SKIN, type Palette } from './palette.ts';
import type { Rng } from './random.ts';

export type HairStyle = 'short' | 'bob' | 'long' | 'ponytail' | 'bun' | 'curls' | 'braid' | 'pixie' | 'buzz';
export type Collar = 'crew' | 'vneck' | 'turtleneck' | 'jacket';

export interface Traits {
  palette: Palette;
  skin: readonly [string, string];
  hair: HairStyle;
  hairColor: string;
  outfit: string;
  collar: Collar;
  glasses: boolean;
  earrings: boolean;
  beard: boolean;
  headphones: 'none' | 'head' | 'neck';
  /** Head tilt in degrees and a sideways lean of the figure (-1..1). */
  tilt: number;
  lean: number;
}

/** True when the label has a word starting with one of `words` ('curl' matches 'curls'; 'long' not 'along'). */
const has = (label: string, ...words: string[]) => words.some((w) => new RegExp(`\\b${w.trim()}`).test(label));

function hairStyle(label: string, rng: Rng): HairStyle {
  if (has(label, 'bob')) return 'bob';
  if (has(label, 'braid')) return 'braid';
  if (has(label, 'ponytail')) return 'ponytail';
  if (has(label, 'curl')) return 'curls';
  if (has(label, 'pixie')) return 'pixie';
  if (has(label, 'close-cropped', 'buzz')) return 'buzz';
  if (has(label, 'long', 'waves', 'wavy')) return 'long';
  if (has(label, 'man\\b', 'beard', 'theo', 'devan', 'rafael', 'kai\\b')) return rng.pick(['short', 'short', 'buzz', 'curls'] as const);
  return rng.pick(['long', 'long', 'bob', 'bun', 'ponytail', 'curls', 'short'] as const);
}

function hairColor(label: string, rng: Rng): string {
  for (const key of ['platinum', 'silver', 'bleached', 'blonde', 'auburn', 'salt', 'black', 'dark'] as const) {
    if (label.includes(key)) return HAIR_COLORS[key] as string;
  }
  return rng.pick([HAIR_COLORS.black, HAIR_COLORS.dark, HAIR_COLORS.brown, HAIR_COLORS.dark, HAIR_COLORS.auburn] as string[]);
}

function outfit(label: string, palette: Palette, rng: Rng): { color: string; collar: Collar } {
  for (const [key, color] of Object.entries(OUTFIT_COLORS)) {
    if (label.includes(key)) {
      const collar: Collar = has(label, 'turtleneck', 'knit', 'wetsuit') ? 'turtleneck' : has(label, 'jacket', 'blazer', 'apron', 'coat') ? 'jacket' : 'crew';
      return { color, collar };
    }
  }
  if (has(label, 'gown', 'lehenga', 'blouse')) return { color: palette.b, collar: 'vneck' };
  if (has(label, 'coat', 'blazer', 'jacket')) return { color: '#26222f', collar: 'jacket' };
  return { color: rng.pick(['#1d1a27', '#2a2238', palette.a, '#f1ece4', '#33283f']), collar: rng.pick(['crew', 'vneck', 'turtleneck', 'jacket'] as const) };
}

export function readTraits(rawLabel: string, rng: Rng): Traits {
  const label = ` ${rawLabel.toLowerCase()} `;
  const palette = rng.pick(PALETTES);
  const style = hairStyle(label, rng);
  const clothes = outfit(label, palette, rng);
  const masculine = has(label, 'man\\b', 'beard', 'his\\b', 'theo', 'devan', 'rafael', 'kai\\b');
  return {
    palette,
    skin: rng.pick(SKIN),
    hair: style,
    hairColor: hairColor(label, rng),
    outfit: clothes.color,
    collar: clothes.collar,
    glasses: has(label, 'glasses') || (!masculine && rng.chance(0.08)),
    earrings: has(label, 'earring') || (!masculine && style !== 'buzz' && rng.chance(0.35)),
    beard: has(label, 'beard'),
    headphones: has(label, 'headphones') ? (has(label, 'neck') ? 'neck' : 'head') : 'none',
    tilt: rng.range(-7, 7),
    lean: rng.range(-1, 1),
  };
}
