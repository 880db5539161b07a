import { Type, type Static, type TLiteral } from 'typebox';
import { FreeText } from './text.ts';
import { GALLERY_GROUPS } from './studio.ts';

// Characters (issue 44): the influencer as one object (a face, a voice, a style and the outputs made
// with it). Shapes shared by the server's routes (validation, OpenAPI), the page and the CLI.
//
// The API in short:
// - GET/POST /api/characters, GET/PATCH/DELETE /api/characters/{id} (JSON).
// - POST /api/characters/uploads (multipart: one file part, `portrait` or `voice_sample`, and
//   consent=true): a portrait or a voice sample kept for a character; answers its URL, which
//   POST/PATCH then name (`face_url`, `voice.sample_url`). An upload no character names is deleted
//   after CHARACTER_UPLOAD_TTL_HOURS.
// - POST /api/characters/voice-preview: a preset voice speaking a short line (audio/wav), made on
//   the server, for "Hear it" (before a character is saved too).
// - Every studio call, batch item and the talking call take `character_id` (and `use_style` where
//   there is a prompt: contract/studio.ts); the job and its gallery item record the character.
// - POST /gallery/ takes `character` (an id, or CHARACTER_NONE); every gallery item carries
//   `character_id`; PATCH /api/media/{id} moves a gallery item to another character or to none.

export const CHARACTER_NAME_MAX = 60;
export const CHARACTER_BIO_MAX = 500;
export const CHARACTER_STYLE_MAX = 200;
/** The most characters one user may have. */
export const CHARACTERS_MAX = 100;
/** An uploaded portrait or voice sample that no character names is deleted after this long. */
export const CHARACTER_UPLOAD_TTL_HOURS = 24;
/** A voice sample's length, in seconds (the talking character's audio: the same bounds). */
export const VOICE_SAMPLE_SECONDS = { min: 1, max: 60 } as const;
/** The gallery's `character` filter value for items of no character. */
export const CHARACTER_NONE = 'none';

export type CharacterGender = 'female' | 'male';
export const CharacterGenderSchema = Type.Union([Type.Literal('female'), Type.Literal('male')]);

/**
 * The preset voices for typed text: espeak-ng voices (English with a variant), three per gender.
 * `pitch` is espeak-ng's -p (0-99), `speed` its -s in words per minute; each preset has its own
 * defaults and a character may move both within VOICE_PITCH and VOICE_SPEED.
 */
export const VOICE_PRESETS = [
  { id: 'female-warm', gender: 'female', label: 'Warm', espeak: 'en-us+f3', pitch: 50, speed: 160 },
  { id: 'female-bright', gender: 'female', label: 'Bright', espeak: 'en-us+f4', pitch: 70, speed: 175 },
  { id: 'female-calm', gender: 'female', label: 'Calm', espeak: 'en-gb+f2', pitch: 40, speed: 145 },
  { id: 'male-warm', gender: 'male', label: 'Warm', espeak: 'en-us+m3', pitch: 45, speed: 160 },
  { id: 'male-deep', gender: 'male', label: 'Deep', espeak: 'en-us+m1', pitch: 25, speed: 150 },
  { id: 'male-bright', gender: 'male', label: 'Bright', espeak: 'en-gb+m4', pitch: 60, speed: 175 },
] as const satisfies readonly { id: string; gender: CharacterGender; label: string; espeak: string; pitch: number; speed: number }[];
export type VoicePresetId = (typeof VOICE_PRESETS)[number]['id'];
export const VOICE_PITCH = { min: 0, max: 99 } as const;
export const VOICE_SPEED = { min: 80, max: 260 } as const;
/** What "Hear it" says when no line is given. */
export const VOICE_PREVIEW_TEXT = 'Hi, this is how I sound.';
export const VOICE_PREVIEW_TEXT_MAX = 200;

export const voicePreset = (id: string) => VOICE_PRESETS.find((p) => p.id === id);
/** The preset a new character of `gender` gets when none is chosen. */
export const defaultVoicePreset = (gender: CharacterGender) => VOICE_PRESETS.find((p) => p.gender === gender)!;

// The cast keeps the ids' literal type: a mapped array's Static was `never`, which refused every preset.
const PresetId = Type.Union(VOICE_PRESETS.map((p) => Type.Literal(p.id)) as unknown as [TLiteral<VoicePresetId>], { description: 'One of the preset voices (GET /api/characters lists them under `voices`); of the character\'s gender.' });
const Pitch = Type.Integer({ minimum: VOICE_PITCH.min, maximum: VOICE_PITCH.max, description: 'espeak-ng pitch, 0-99 (the preset\'s own when left out)' });
const Speed = Type.Integer({ minimum: VOICE_SPEED.min, maximum: VOICE_SPEED.max, description: 'Words per minute (the preset\'s own when left out)' });
const Url = FreeText({ minLength: 1, maxLength: 2048 });

/** A voice as a request sets it: a preset (with pitch and speed) or an uploaded sample. */
export const VoiceInput = Type.Union([
  Type.Object({ type: Type.Literal('preset'), preset: PresetId, pitch: Type.Optional(Pitch), speed: Type.Optional(Speed) }, { additionalProperties: false }),
  Type.Object({ type: Type.Literal('sample'), sample_url: { ...Url, description: 'The url answered by POST /api/characters/uploads for a voice_sample' } }, { additionalProperties: false }),
]);
export type VoiceInput = Static<typeof VoiceInput>;

/** A voice as answered: the preset with its settled pitch and speed, or the sample with its length. */
export const Voice = Type.Union([
  Type.Object({ type: Type.Literal('preset'), preset: Type.String(), pitch: Type.Integer(), speed: Type.Integer() }),
  Type.Object({ type: Type.Literal('sample'), sample_url: Type.String(), seconds: Type.Number() }),
]);
export type Voice = Static<typeof Voice>;

const Name = FreeText({ minLength: 1, maxLength: CHARACTER_NAME_MAX, description: `1-${CHARACTER_NAME_MAX} characters, unique among the user's characters (case-insensitive, spaces at the ends dropped)` });
const Bio = FreeText({ maxLength: CHARACTER_BIO_MAX });
const Style = FreeText({ maxLength: CHARACTER_STYLE_MAX, description: 'Words added to this character\'s prompts when a call says use_style: true' });
const FaceUrl = { ...Url, description: 'One of the user\'s gallery faces or images, or a portrait answered by POST /api/characters/uploads' };

export const CreateCharacterBody = Type.Object(
  {
    name: Name,
    gender: CharacterGenderSchema,
    face_url: FaceUrl,
    bio: Type.Optional(Bio),
    style: Type.Optional(Style),
    voice: Type.Optional({ ...VoiceInput, description: 'The voice for typed text; the first preset of the gender when left out' }),
  },
  { additionalProperties: false },
);
export type CreateCharacterBody = Static<typeof CreateCharacterBody>;

/** PATCH: only the fields sent change. A gender change needs a voice of the new gender (or a sample). */
export const UpdateCharacterBody = Type.Object(
  {
    name: Type.Optional(Name),
    gender: Type.Optional(CharacterGenderSchema),
    face_url: Type.Optional(FaceUrl),
    bio: Type.Optional(Bio),
    style: Type.Optional(Style),
    voice: Type.Optional(VoiceInput),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateCharacterBody = Static<typeof UpdateCharacterBody>;

export const CharacterIdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
export const DeleteCharacterQuery = Type.Object({
  delete_outputs: Type.Optional(Type.Boolean({ default: false, description: 'true: the character\'s gallery items go with it; otherwise they stay, with no character' })),
});

const At = Type.String({ format: 'date-time' });
/** How many gallery items of each group the character has. */
export const CharacterCounts = Type.Object(Object.fromEntries(GALLERY_GROUPS.map((g) => [g, Type.Integer({ minimum: 0 })])) as Record<(typeof GALLERY_GROUPS)[number], ReturnType<typeof Type.Integer>>);

export const Character = Type.Object({
  id: Type.String(),
  name: Type.String(),
  gender: CharacterGenderSchema,
  face_url: Type.String(),
  bio: Type.String(),
  style: Type.String(),
  voice: Voice,
  counts: CharacterCounts,
  /** The newest gallery item's time, or the character's own last change when it has none. */
  last_activity_at: At,
  created_at: At,
  updated_at: At,
});
export type Character = Static<typeof Character>;

export const VoicePresetView = Type.Object({ id: Type.String(), gender: CharacterGenderSchema, label: Type.String(), pitch: Type.Integer(), speed: Type.Integer() });
/** GET /api/characters: the user's characters, last activity first, and the preset voices. */
export const CharacterList = Type.Object({ characters: Type.Array(Character), voices: Type.Array(VoicePresetView) });
export type CharacterList = Static<typeof CharacterList>;

/** POST /api/characters/uploads: 201. */
export const CharacterUpload = Type.Object({
  url: Type.String(),
  kind: Type.Union([Type.Literal('portrait'), Type.Literal('voice_sample')]),
  /** A voice sample's length; null for a portrait. */
  seconds: Type.Union([Type.Number(), Type.Null()]),
});
export type CharacterUpload = Static<typeof CharacterUpload>;
/** The multipart file parts POST /api/characters/uploads takes (one per request). */
export const CHARACTER_UPLOAD_FIELDS = ['portrait', 'voice_sample'] as const;

/** POST /api/characters/voice-preview: answers audio/wav. */
export const VoicePreviewBody = Type.Object(
  { preset: PresetId, pitch: Type.Optional(Pitch), speed: Type.Optional(Speed), text: Type.Optional(FreeText({ minLength: 1, maxLength: VOICE_PREVIEW_TEXT_MAX })) },
  { additionalProperties: false },
);
export type VoicePreviewBody = Static<typeof VoicePreviewBody>;

/** PATCH /api/media/{id} moves a gallery item between characters: its shapes are the media contract's (issue 45 added favourites). */
export { MediaIdParams, MediaPatchBody, MediaPatchResponse } from './media.ts';

/** Refusals (400 with `field`, 404, 409). */
export const CHARACTER_MESSAGES = {
  notFound: 'Character not found.',
  nameTaken: 'You already have a character with this name.',
  tooMany: `You can have at most ${CHARACTERS_MAX} characters.`,
  face: 'Please choose a face or image from your gallery, or upload a portrait.',
  voiceGender: 'Please choose a voice of the character\'s gender.',
  voiceSample: 'Please upload a voice sample for this character first.',
  sampleTooShort: `The voice sample must be at least ${VOICE_SAMPLE_SECONDS.min} second long.`,
  sampleTooLong: `The voice sample must be at most ${VOICE_SAMPLE_SECONDS.max} seconds long.`,
  useStyle: 'use_style needs a character_id.',
  mediaNotFound: 'Item not found.',
} as const;
