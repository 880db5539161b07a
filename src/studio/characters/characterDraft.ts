// The character form's state and what it sends (issue 44): a draft from a character or from
// nothing, checked on the page first, uploads (portrait, voice sample) made before the create or
// the change, and the server's refusals put under the field they name.
import { CHARACTER_BIO_MAX, CHARACTER_MESSAGES, CHARACTER_NAME_MAX, CHARACTER_STYLE_MAX, type CharacterGender, type VoiceInput, type VoicePresetId } from '../../../contract/characters';
import { STUDIO_MESSAGES } from '../../../contract/studio';
import { charactersApi, fieldError, type Character, type CreateCharacterBody, type UpdateCharacterBody } from '../../api/characters';
import { presetDraft, type VoiceDraft } from './VoiceFields';

export interface CharacterDraft {
  name: string;
  gender: CharacterGender;
  bio: string;
  style: string;
  faceSource: 'gallery' | 'upload';
  /** The chosen gallery face or image (or the character's face as it is). */
  faceUrl: string | null;
  portrait: File | null;
  portraitConsent: boolean;
  voice: VoiceDraft;
}

export type DraftField = 'name' | 'gender' | 'face' | 'bio' | 'style' | 'voice' | 'form';
export type DraftErrors = Partial<Record<DraftField, string>>;

export const newDraft = (faceUrl: string | null = null, gender: CharacterGender = 'female'): CharacterDraft => ({
  name: '', gender, bio: '', style: '', faceSource: 'gallery', faceUrl, portrait: null, portraitConsent: false, voice: presetDraft(gender),
});

export const draftOf = (c: Character): CharacterDraft => ({
  name: c.name, gender: c.gender, bio: c.bio, style: c.style, faceSource: 'gallery', faceUrl: c.face_url, portrait: null, portraitConsent: false,
  voice: c.voice.type === 'preset' ? { ...c.voice } : { type: 'sample', url: c.voice.sample_url, seconds: c.voice.seconds, file: null, consent: false },
});

const FIELD_OF: Record<keyof CharacterDraft, DraftField> = {
  name: 'name', gender: 'gender', bio: 'bio', style: 'style', faceSource: 'face', faceUrl: 'face', portrait: 'face', portraitConsent: 'face', voice: 'voice',
};

/** The errors still standing once `next` replaced `draft`: a field that changed loses its own, and the form's. */
export function errorsAfter(errors: DraftErrors, draft: CharacterDraft, next: CharacterDraft): DraftErrors {
  const left = { ...errors };
  for (const key of Object.keys(FIELD_OF) as (keyof CharacterDraft)[]) if (draft[key] !== next[key]) delete left[FIELD_OF[key]];
  if (Object.keys(left).length !== Object.keys(errors).length) delete left.form;
  return left;
}

/** The page's own checks, before anything is sent. */
export function checkDraft(d: CharacterDraft): DraftErrors {
  const errors: DraftErrors = {};
  const name = d.name.trim();
  if (!name) errors.name = 'Please enter a name.';
  else if ([...name].length > CHARACTER_NAME_MAX) errors.name = `The name must be at most ${CHARACTER_NAME_MAX} characters.`;
  if (d.faceSource === 'upload' ? !d.portrait : !d.faceUrl) errors.face = CHARACTER_MESSAGES.face;
  else if (d.faceSource === 'upload' && !d.portraitConsent) errors.face = STUDIO_MESSAGES.consent;
  if ([...d.bio].length > CHARACTER_BIO_MAX) errors.bio = `The bio must be at most ${CHARACTER_BIO_MAX} characters.`;
  if ([...d.style].length > CHARACTER_STYLE_MAX) errors.style = `The style must be at most ${CHARACTER_STYLE_MAX} characters.`;
  if (d.voice.type === 'sample') {
    if (!d.voice.file && !d.voice.url) errors.voice = CHARACTER_MESSAGES.voiceSample;
    else if (d.voice.file && !d.voice.consent) errors.voice = STUDIO_MESSAGES.consent;
  }
  return errors;
}

/** The field a server refusal belongs to. */
export function fieldOf(field: string | null, during: 'face' | 'voice' | 'save'): DraftField {
  if (during !== 'save') return during;
  if (!field) return 'form';
  if (field === 'name' || field === 'gender' || field === 'bio' || field === 'style') return field;
  if (/^face|portrait/.test(field)) return 'face';
  if (/voice|sample|preset|pitch|speed/.test(field)) return 'voice';
  return 'form';
}

export class DraftRefused extends Error {
  constructor(readonly errors: DraftErrors) {
    super(Object.values(errors)[0] ?? 'Refused');
  }
}

/** Uploads what the draft holds as files, then answers the face URL and the voice as the API takes them. */
async function settled(d: CharacterDraft): Promise<{ faceUrl: string; voice: VoiceInput }> {
  let during: 'face' | 'voice' = 'face';
  try {
    const faceUrl = d.faceSource === 'upload' && d.portrait ? (await charactersApi.upload('portrait', d.portrait)).data.url : d.faceUrl!;
    during = 'voice';
    const v = d.voice;
    const voice: VoiceInput = v.type === 'preset'
      ? { type: 'preset', preset: v.preset as VoicePresetId, pitch: v.pitch, speed: v.speed }
      : { type: 'sample', sample_url: v.file ? (await charactersApi.upload('voice_sample', v.file)).data.url : v.url! };
    return { faceUrl, voice };
  } catch (err) {
    throw new DraftRefused({ [during]: fieldError(err).message });
  }
}

async function refusedBy<T>(send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (err) {
    const { field, message } = fieldError(err);
    throw new DraftRefused({ [fieldOf(field, 'save')]: message });
  }
}

/** The create body of a checked draft (uploads done first). */
export async function createBody(d: CharacterDraft): Promise<CreateCharacterBody> {
  const { faceUrl, voice } = await settled(d);
  return { name: d.name.trim(), gender: d.gender, face_url: faceUrl, bio: d.bio.trim(), style: d.style.trim(), voice };
}

/** Only what changed (PATCH takes at least one field); null when nothing did. */
export async function updateBody(d: CharacterDraft, was: Character): Promise<UpdateCharacterBody | null> {
  const { faceUrl, voice } = await settled(d);
  const body: UpdateCharacterBody = {};
  if (d.name.trim() !== was.name) body.name = d.name.trim();
  if (d.gender !== was.gender) body.gender = d.gender;
  if (faceUrl !== was.face_url) body.face_url = faceUrl;
  if (d.bio.trim() !== was.bio) body.bio = d.bio.trim();
  if (d.style.trim() !== was.style) body.style = d.style.trim();
  if (JSON.stringify(voice) !== JSON.stringify(was.voice.type === 'preset' ? { type: 'preset', preset: was.voice.preset, pitch: was.voice.pitch, speed: was.voice.speed } : { type: 'sample', sample_url: was.voice.sample_url }) || body.gender) body.voice = voice;
  return Object.keys(body).length ? body : null;
}

export { refusedBy };
