// A face as a parameter vector: continuous shape values (0..1, blendable) and a few named choices.
// A name or a prompt becomes a vector; three celebrity names blend into one, in any order.
import { sceneOf, type Scene } from '../../media/art/backdrop.ts';
import { createRng, type Rng } from '../../media/art/random.ts';
import type { Gender } from '../types.ts';
import { applyWords } from './face-words.ts';
import { normalizeText, paletteIndexFor, sceneWords, seedOf } from './images.ts';

export type HairStyle = 'long' | 'wavy' | 'bob' | 'ponytail' | 'bun' | 'curls' | 'pixie' | 'braid' | 'short' | 'buzz' | 'quiff' | 'bald';
export type HairColor = 'black' | 'dark brown' | 'brown' | 'chestnut' | 'auburn' | 'copper' | 'honey blonde' | 'blonde' | 'platinum' | 'silver' | 'pink' | 'blue' | 'lavender';
export type EyeColor = 'dark brown' | 'brown' | 'hazel' | 'amber' | 'green' | 'blue' | 'grey';
export type Beard = 'none' | 'stubble' | 'short' | 'full' | 'goatee' | 'moustache';
export type Neckline = 'crew' | 'vneck' | 'scoop' | 'collar';

export const HAIR_HEX: Record<HairColor, string> = {
  black: '#17121a',
  'dark brown': '#2e1f1a',
  brown: '#4a2f24',
  chestnut: '#6a3a22',
  auburn: '#8c3a26',
  copper: '#b0522a',
  'honey blonde': '#b98d52',
  blonde: '#e2c48e',
  platinum: '#ece6ee',
  silver: '#b9b6c2',
  pink: '#e27aa8',
  blue: '#3f5fd4',
  lavender: '#a48ad8',
};

export const EYE_HEX: Record<EyeColor, string> = {
  'dark brown': '#3b2418',
  brown: '#6b4226',
  hazel: '#8a6a35',
  amber: '#b07a28',
  green: '#4f7d4a',
  blue: '#4a78b0',
  grey: '#7d8a96',
};

/** Shape values, each 0..1: the part three names average. */
const SHAPE_KEYS = [
  'skin', 'undertone', 'faceWidth', 'jaw', 'chin', 'forehead', 'eyeSize', 'eyeSpacing', 'eyeTilt', 'brow', 'browArch',
  'noseLength', 'noseWidth', 'lipFullness', 'lipWidth', 'smile', 'makeup', 'age', 'hairVolume', 'part',
] as const;
export type ShapeKey = (typeof SHAPE_KEYS)[number];

/** Named choices: the part three names vote on. */
const CHOICE_KEYS = ['hair', 'hairColor', 'eyeColor', 'beard', 'glasses', 'freckles', 'earrings', 'outfit', 'neckline'] as const;

export interface FaceParams extends Record<ShapeKey, number> {
  v: 1;
  gender: Gender;
  /** Small details (freckle spots, strands, the backdrop's bokeh). */
  seed: number;
  hair: HairStyle;
  hairColor: HairColor;
  eyeColor: EyeColor;
  beard: Beard;
  glasses: boolean;
  freckles: boolean;
  earrings: boolean;
  outfit: string;
  neckline: Neckline;
  /** Backdrop: palette index and scene. */
  palette: number;
  scene: Scene;
  /** Key light from the left (-1) or the right (1). */
  light: -1 | 1;
}

export const OUTFITS = ['#1d1a27', '#f1ece4', '#2a2238', '#6b2737', '#23395d', '#3d5f8f', '#0f5f4a', '#c9b79c', '#b23a48', '#7a5c9e'] as const;

function weighted<T>(rng: Rng, items: ReadonlyArray<readonly [T, number]>): T {
  let r = rng.next() * items.reduce((s, [, w]) => s + w, 0);
  for (const [item, w] of items) {
    r -= w;
    if (r < 0) return item;
  }
  return (items[items.length - 1] as readonly [T, number])[0];
}

/** A whole vector from a seed, with the gender's typical choices. */
function drawParams(seed: number, gender: Gender): FaceParams {
  const rng = createRng(seed);
  const male = gender === 'male';
  const shape = Object.fromEntries(SHAPE_KEYS.map((k) => [k, Math.round(rng.next() * 1000) / 1000])) as Record<ShapeKey, number>;
  shape.age = Math.round((rng.chance(0.12) ? rng.range(0.4, 0.9) : rng.range(0, 0.3)) * 1000) / 1000;
  shape.makeup = male ? 0 : Math.round(rng.range(0.2, 0.85) * 1000) / 1000;
  const deep = shape.skin > 0.55;
  const hairColor = deep
    ? weighted<HairColor>(rng, [['black', 5], ['dark brown', 4], ['brown', 1], ['honey blonde', 0.4]])
    : weighted<HairColor>(rng, [['black', 2], ['dark brown', 3], ['brown', 3], ['chestnut', 2], ['auburn', 1], ['copper', 0.6], ['honey blonde', 1.2], ['blonde', 1.5], ['platinum', 0.4]]);
  const eyeColor = deep
    ? weighted<EyeColor>(rng, [['dark brown', 6], ['brown', 3], ['hazel', 1], ['amber', 0.5]])
    : weighted<EyeColor>(rng, [['dark brown', 2], ['brown', 3], ['hazel', 2], ['amber', 0.6], ['green', 1.5], ['blue', 2], ['grey', 0.8]]);
  const hair = male
    ? weighted<HairStyle>(rng, [['short', 5], ['quiff', 2], ['buzz', 1.5], ['curls', 1.2], ['long', 0.6], ['bald', 0.4]])
    : weighted<HairStyle>(rng, [['long', 4], ['wavy', 3], ['bob', 1.5], ['ponytail', 1], ['bun', 1], ['curls', 1.5], ['pixie', 0.7], ['braid', 0.6]]);
  return {
    v: 1,
    gender,
    seed,
    ...shape,
    hair,
    hairColor: shape.age > 0.75 ? 'silver' : hairColor,
    eyeColor,
    beard: male ? weighted<Beard>(rng, [['none', 3], ['stubble', 3], ['short', 2], ['full', 1], ['goatee', 0.5], ['moustache', 0.4]]) : 'none',
    glasses: rng.chance(0.08),
    freckles: shape.skin < 0.35 && rng.chance(0.15),
    earrings: !male && rng.chance(0.45),
    outfit: rng.pick(OUTFITS),
    neckline: male ? rng.pick(['crew', 'vneck', 'collar'] as const) : rng.pick(['crew', 'vneck', 'scoop', 'scoop'] as const),
    palette: paletteIndexFor('', rng),
    scene: 'studio',
    light: rng.chance(0.5) ? -1 : 1,
  };
}

/** The choice most names agree on; with no majority, the one the combined seed picks. */
function vote<T>(values: readonly T[], rng: Rng): T {
  const counts = new Map<T, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  const best = Math.max(...counts.values());
  const top = values.filter((v, i) => counts.get(v) === best && values.indexOf(v) === i);
  return top.length === 1 ? (top[0] as T) : rng.pick(top);
}

/**
 * Three celebrity names as one face: each normalised name seeds a vector, the shape values are
 * averaged and the choices voted. Names are sorted first, so any order gives the same floats.
 */
export function celebrityParams(names: readonly string[], gender: Gender): FaceParams {
  const sorted = names.map(normalizeText).sort();
  const seed = seedOf(`${gender}|${sorted.join('|')}`);
  const each = sorted.map((name) => drawParams(seedOf(`name|${name}`), gender));
  const rng = createRng(seed);
  const blended = drawParams(seed, gender);
  for (const k of SHAPE_KEYS) blended[k] = Math.round((each.reduce((s, p) => s + p[k], 0) / each.length) * 1000) / 1000;
  const choices = blended as unknown as Record<(typeof CHOICE_KEYS)[number], unknown>;
  for (const k of CHOICE_KEYS) choices[k] = vote(each.map((p) => p[k]), rng);
  blended.scene = sceneOf(sorted.join(' '), rng);
  return blended;
}

/** A prompt's face: a vector seeded by the text, then every word we understand applied on top. */
export function promptParams(prompt: string, gender: Gender): FaceParams {
  const text = ` ${normalizeText(prompt)} `;
  const seed = seedOf(`${gender}|prompt|${text}`);
  const params = drawParams(seed, gender);
  const rng = createRng(seed ^ 0x5bd1e995);
  applyWords(params, text);
  params.scene = sceneOf(sceneWords(text), rng);
  params.palette = paletteIndexFor(sceneWords(text), rng);
  return params;
}

/** True for a parsed vector that can be drawn (what a face picture's notes carry). */
export function isFaceParams(value: unknown): value is FaceParams {
  if (!value || typeof value !== 'object') return false;
  const p = value as Record<string, unknown>;
  return (
    p.v === 1 &&
    (p.gender === 'male' || p.gender === 'female') &&
    SHAPE_KEYS.every((k) => typeof p[k] === 'number' && (p[k] as number) >= 0 && (p[k] as number) <= 1) &&
    typeof p.hair === 'string' && typeof p.hairColor === 'string' && p.hairColor in HAIR_HEX &&
    typeof p.eyeColor === 'string' && p.eyeColor in EYE_HEX &&
    typeof p.outfit === 'string' && /^#[0-9a-f]{6}$/.test(p.outfit) &&
    typeof p.seed === 'number' && (p.light === 1 || p.light === -1)
  );
}
