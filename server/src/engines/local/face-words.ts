// Words in both directions: a prompt's colour, hair, age and style words set parameters, and a
// vector is described back in a few words (the face's face_prompt).
import { OUTFIT_COLORS } from '../../media/art/palette.ts';
import type { Beard, EyeColor, FaceParams, HairColor, HairStyle } from './face-params.ts';

type Rule<T> = readonly [RegExp, T];

const first = <T>(text: string, rules: ReadonlyArray<Rule<T>>): T | undefined => rules.find(([re]) => re.test(text))?.[1];

const SKIN_WORDS: ReadonlyArray<Rule<number>> = [
  [/\b(pale|porcelain|fair)\b(?! hair)/, 0.05],
  [/\blight[- ](skin|skinned|complexion)/, 0.2],
  [/\bmedium[- ](skin|skinned|complexion)/, 0.4],
  [/\bolive\b/, 0.48],
  [/\b(dark|deep|dark brown)[- ](skin|skinned|complexion)|\bebony\b/, 0.9],
  [/\b(tan|tanned)\b|\b(golden|sun-kissed)[- ](skin|skinned|complexion)/, 0.56],
  [/\b(brown|bronze|caramel)[- ](skin|skinned|complexion)/, 0.72],
];

const HAIR_COLOR_NAMES = 'black|raven|jet|dark brown|dark|brown|brunette|chestnut|auburn|copper|red|ginger|honey blonde|honey|blonde|blond|golden|platinum|silver|grey|gray|white|pink|blue|lavender|purple';
const HAIR_NOUNS = 'hair|bob|curls|ponytail|braids?|bun|locks|waves|pixie|mane|quiff|buzz';
const HAIR_COLOR_RE = new RegExp(`\\b(${HAIR_COLOR_NAMES})(?:[ -](?!eyes?\\b)[a-z]+){0,2}?[ -](?:${HAIR_NOUNS})\\b`);
const HAIR_COLOR_OF: Record<string, HairColor> = {
  black: 'black', raven: 'black', jet: 'black', 'dark brown': 'dark brown', dark: 'dark brown', brown: 'brown', brunette: 'brown', chestnut: 'chestnut',
  auburn: 'auburn', copper: 'copper', red: 'copper', ginger: 'copper', 'honey blonde': 'honey blonde', honey: 'honey blonde',
  blonde: 'blonde', blond: 'blonde', golden: 'honey blonde', platinum: 'platinum', silver: 'silver', grey: 'silver', gray: 'silver',
  white: 'platinum', pink: 'pink', blue: 'blue', lavender: 'lavender', purple: 'lavender',
};
/** Words that name a hair colour on their own ('a blonde', 'redhead'). */
const HAIR_COLOR_ALONE: ReadonlyArray<Rule<HairColor>> = [
  [/\bplatinum\b/, 'platinum'],
  [/\b(blonde|blond)\b/, 'blonde'],
  [/\bauburn\b/, 'auburn'],
  [/\b(redhead|ginger)\b/, 'copper'],
  [/\bbrunette\b/, 'brown'],
  [/\b(silver|grey|gray)[- ]haired\b/, 'silver'],
];

const HAIR_STYLE_WORDS: ReadonlyArray<Rule<HairStyle | 'short'>> = [
  [/\bbald\b/, 'bald'],
  [/\b(buzz|buzzed|shaved head|crew cut|close-cropped)/, 'buzz'],
  [/\b(quiff|pompadour|undercut|slicked)/, 'quiff'],
  [/\bpixie/, 'pixie'],
  [/\bbob\b|\bbob-cut|\blob\b/, 'bob'],
  [/\bbraid/, 'braid'],
  [/\bponytail/, 'ponytail'],
  [/\b(bun|updo|top knot)\b/, 'bun'],
  [/\b(curl|curly|afro|coily|ringlet)/, 'curls'],
  [/\b(wavy|waves|beach waves)\b/, 'wavy'],
  [/\b(long|straight|flowing)\b(?:[ -][a-z]+)?[ -]hair/, 'long'],
  [/\bshort\b(?:[ -][a-z]+)?[ -]hair/, 'short'],
];

const EYE_RE = /\b(dark brown|brown|hazel|amber|green|blue|grey|gray)[- ](eyes|eyed)\b/;

const AGE_WORDS: ReadonlyArray<Rule<number>> = [
  [/\b(teen|teenage|youthful|young)\b/, 0.02],
  [/\b(middle-aged|middle aged|mature|forties)\b/, 0.55],
  [/\b(elderly|senior|grandma|grandpa|grandmother|grandfather)\b|(?<!year[- ])\bold\b/, 0.9],
];

const BEARD_WORDS: ReadonlyArray<Rule<Beard>> = [
  [/\b(clean[- ]shaven|no beard|beardless)\b/, 'none'],
  [/\bstubble/, 'stubble'],
  [/\bgoatee/, 'goatee'],
  [/\b(moustache|mustache)/, 'moustache'],
  [/\b(full|long|bushy|thick) beard/, 'full'],
  [/\bbeard/, 'short'],
];

const FACE_SHAPES: ReadonlyArray<Rule<Partial<FaceParams>>> = [
  [/\bround face/, { faceWidth: 0.95, jaw: 0.3, chin: 0.85 }],
  [/\b(square|chiseled|chiselled|strong) (face|jaw)/, { jaw: 0.95, chin: 0.75 }],
  [/\bheart[- ]shaped/, { jaw: 0.05, chin: 0.1, forehead: 0.9 }],
  [/\b(oval|long|narrow) face/, { faceWidth: 0.15, jaw: 0.35 }],
  [/\b(big|large|doe|wide) eyes/, { eyeSize: 0.95 }],
  [/\b(almond|cat|feline|hooded)[- ]eye/, { eyeTilt: 0.95, eyeSize: 0.4 }],
  [/\b(full|plump|pouty) lips/, { lipFullness: 0.95 }],
  [/\bthin lips/, { lipFullness: 0.08 }],
  [/\b(makeup|make-up|glam|glamorous|lipstick|red lips)\b/, { makeup: 0.95 }],
  [/\b(natural|no makeup|minimal|bare)\b/, { makeup: 0.12 }],
  [/\b(smil|happy|laugh|cheerful|joyful)/, { smile: 0.95 }],
  [/\b(serious|stern|neutral|moody)\b/, { smile: 0.1 }],
  [/\b(voluminous|big hair|thick hair)/, { hairVolume: 0.95 }],
];

const CLOTHES = 'shirt|t-shirt|tee|top|dress|jacket|sweater|blouse|hoodie|coat|suit|blazer|turtleneck|knit|cardigan';
const OUTFIT_RE = new RegExp(`\\b(red|white|black|pink|green|yellow|navy|beige|grey|gray|purple|brown|orange|${Object.keys(OUTFIT_COLORS).join('|')})[- ](?:[a-z]+[- ])?(?:${CLOTHES})\\b`);
const BASIC_COLORS: Record<string, string> = {
  red: '#b23a48', white: '#f1ece4', black: '#1b1820', pink: '#e58fb4', green: '#2f7d57', yellow: '#e8c547', navy: '#1f2d52',
  beige: '#d8c3a5', grey: '#7d7a85', gray: '#7d7a85', purple: '#7a5c9e', brown: '#6b4a35', orange: '#e07b39',
};

/** The outfit colour a text asks for, if it names one ('red dress', 'denim jacket'). */
export function outfitColorOf(text: string): string | undefined {
  const word = text.match(OUTFIT_RE)?.[1];
  return word ? (BASIC_COLORS[word] ?? OUTFIT_COLORS[word]) : undefined;
}

/** Sets what the prompt's words say; everything else stays as the seed drew it. */
export function applyWords(p: FaceParams, text: string): void {
  const skin = first(text, SKIN_WORDS);
  if (skin !== undefined) p.skin = skin;
  if (/\bwarm\b/.test(text)) p.undertone = 0.85;
  if (/\bcool[- ](tone|toned|undertone|skin)/.test(text)) p.undertone = 0.15;

  const age = text.match(/\b(\d{2})[- ]?(?:year|yr|y\.?o\b)/);
  const ageValue = age ? Math.min(1, Math.max(0, (Number(age[1]) - 20) / 45)) : first(text, AGE_WORDS);
  if (ageValue !== undefined) p.age = Math.round(ageValue * 1000) / 1000;
  if (p.age <= 0.75 && p.hairColor === 'silver') p.hairColor = 'dark brown';
  if (p.age > 0.75) p.hairColor = 'silver';

  const colorWord = text.match(HAIR_COLOR_RE)?.[1];
  const hairColor = colorWord ? HAIR_COLOR_OF[colorWord] : first(text, HAIR_COLOR_ALONE);
  if (hairColor) p.hairColor = hairColor;

  const style = first(text, HAIR_STYLE_WORDS);
  if (style === 'short') p.hair = p.gender === 'male' ? 'short' : 'pixie';
  else if (style) p.hair = style;
  else if (/\blong\b/.test(text) && p.gender === 'female' && !['long', 'wavy', 'curls', 'braid'].includes(p.hair)) p.hair = 'long';

  const eyes = text.match(EYE_RE)?.[1];
  if (eyes) p.eyeColor = (eyes === 'gray' ? 'grey' : eyes) as EyeColor;

  if (p.gender === 'male') p.beard = first(text, BEARD_WORDS) ?? p.beard;
  for (const [re, values] of FACE_SHAPES) if (re.test(text)) Object.assign(p, values);
  if (/\b(glasses|spectacles|eyeglasses)\b/.test(text)) p.glasses = !/\bno glasses\b/.test(text);
  if (/\bfreckl/.test(text)) p.freckles = true;
  if (/\bearring/.test(text)) p.earrings = true;
  p.outfit = outfitColorOf(text) ?? p.outfit;
}

function skinWords(p: FaceParams): string {
  const tone = p.skin < 0.14 ? 'fair' : p.skin < 0.3 ? 'light' : p.skin < 0.45 ? 'medium' : p.skin < 0.6 ? 'tan' : p.skin < 0.78 ? 'brown' : 'deep brown';
  const under = p.undertone > 0.62 ? 'warm ' : p.undertone < 0.38 ? 'cool ' : '';
  return `${under}${tone} skin`;
}

function hairWords(p: FaceParams): string {
  const c = p.hairColor;
  switch (p.hair) {
    case 'bald':
      return 'bald';
    case 'long':
      return `long ${c} hair`;
    case 'wavy':
      return `long wavy ${c} hair`;
    case 'bob':
      return `${c} bob`;
    case 'ponytail':
      return `${c} hair in a ponytail`;
    case 'bun':
      return `${c} hair in a bun`;
    case 'curls':
      return `curly ${c} hair`;
    case 'pixie':
      return `${c} pixie cut`;
    case 'braid':
      return `${c} braid`;
    case 'buzz':
      return `buzz-cut ${c} hair`;
    case 'quiff':
      return `${c} quiff`;
    default:
      return `short ${c} hair`;
  }
}

const BEARD_PHRASE: Record<Beard, string> = { none: '', stubble: 'stubble', short: 'short beard', full: 'full beard', goatee: 'goatee', moustache: 'moustache' };

/** 'woman, long auburn hair, warm brown skin, green eyes' (plus age, beard, glasses, freckles). */
export function describe(p: FaceParams): string {
  const who = p.gender === 'male' ? 'man' : 'woman';
  const age = p.age < 0.12 ? 'young ' : p.age < 0.45 ? '' : p.age < 0.75 ? 'middle-aged ' : 'older ';
  const extras = [BEARD_PHRASE[p.beard], p.glasses ? 'glasses' : '', p.freckles ? 'freckles' : ''].filter(Boolean);
  return [`${age}${who}`, hairWords(p), skinWords(p), `${p.eyeColor} eyes`, ...extras].join(', ');
}
