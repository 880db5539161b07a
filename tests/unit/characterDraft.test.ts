// The character form's rules (issue 44): what the page refuses before sending, which refusal goes
// under which field, and that an edit sends only what changed.
import { describe, expect, it } from 'vitest';
import type { Character } from '../../contract/characters';
import { CHARACTER_MESSAGES } from '../../contract/characters';
import { STUDIO_MESSAGES } from '../../contract/studio';
import { checkDraft, draftOf, errorsAfter, fieldOf, newDraft, updateBody } from '../../src/studio/characters/characterDraft';
import { voiceForGender } from '../../src/studio/characters/VoiceFields';
import { activityText, countsText } from '../../src/studio/characters/characterText';

const ava: Character = {
  id: 'c1', name: 'Ava', gender: 'female', face_url: '/media/gen/ava.png', bio: '', style: 'film grain',
  voice: { type: 'preset', preset: 'female-warm', pitch: 50, speed: 160 }, counts: { faces: 1, images: 2, videos: 0, cloth: 0, audio: 0, gen_video: 1 },
  last_activity_at: '2026-11-27T10:00:00.000Z', created_at: '2026-11-20T10:00:00.000Z', updated_at: '2026-11-20T10:00:00.000Z',
};

describe('the character form', () => {
  it('refuses a missing name, face, portrait consent and voice sample on the page, each under its field', () => {
    expect(checkDraft(newDraft())).toEqual({ name: 'Please enter a name.', face: CHARACTER_MESSAGES.face });
    const portrait = new File([new Uint8Array([1])], 'p.png');
    expect(checkDraft({ ...newDraft(), name: 'Ava', faceSource: 'upload', portrait })).toEqual({ face: STUDIO_MESSAGES.consent });
    const sample = { type: 'sample', url: null, seconds: null, file: null, consent: false } as const;
    expect(checkDraft({ ...newDraft('/media/gen/a.png'), name: 'Ava', voice: sample })).toEqual({ voice: CHARACTER_MESSAGES.voiceSample });
    expect(checkDraft({ ...newDraft('/media/gen/a.png'), name: 'Ava', voice: { ...sample, file: portrait } })).toEqual({ voice: STUDIO_MESSAGES.consent });
    expect(checkDraft({ ...newDraft('/media/gen/a.png'), name: ' Ava ' })).toEqual({});
  });

  it('puts a server refusal under the field it names, an upload\'s under the upload\'s field', () => {
    expect(fieldOf('name', 'save')).toBe('name');
    expect(fieldOf('face_url', 'save')).toBe('face');
    expect(fieldOf('voice', 'save')).toBe('voice');
    expect(fieldOf(null, 'save')).toBe('form');
    expect(fieldOf('consent', 'face')).toBe('face');
    expect(fieldOf('voice_sample', 'voice')).toBe('voice');
  });

  it('clears a field\'s refusal once it changes, and keeps the others', () => {
    const draft = newDraft();
    const errors = { name: 'Please enter a name.', face: CHARACTER_MESSAGES.face };
    expect(errorsAfter(errors, draft, { ...draft, name: 'A' })).toEqual({ face: CHARACTER_MESSAGES.face });
    expect(errorsAfter(errors, draft, { ...draft, faceUrl: '/media/gen/a.png' })).toEqual({ name: 'Please enter a name.' });
    expect(errorsAfter({ form: 'Server down' }, draft, { ...draft, bio: 'x' })).toEqual({ form: 'Server down' });
  });

  it('a gender change brings a preset of that gender', () => {
    expect(voiceForGender({ type: 'preset', preset: 'female-warm', pitch: 50, speed: 160 }, 'male')).toMatchObject({ type: 'preset', preset: 'male-warm' });
    const kept = { type: 'preset', preset: 'female-calm', pitch: 30, speed: 140 } as const;
    expect(voiceForGender(kept, 'female')).toBe(kept);
  });

  it('an edit sends only what changed, and nothing when nothing did', async () => {
    expect(await updateBody(draftOf(ava), ava)).toBeNull();
    expect(await updateBody({ ...draftOf(ava), bio: ' Travels ' }, ava)).toEqual({ bio: 'Travels' });
    expect(await updateBody({ ...draftOf(ava), voice: { type: 'preset', preset: 'female-warm', pitch: 60, speed: 160 } }, ava)).toEqual({ voice: { type: 'preset', preset: 'female-warm', pitch: 60, speed: 160 } });
    // A new gender goes with a voice of that gender (the server refuses one without).
    const male = { ...draftOf(ava), gender: 'male' as const, voice: voiceForGender(draftOf(ava).voice, 'male') };
    expect(await updateBody(male, ava)).toEqual({ gender: 'male', voice: { type: 'preset', preset: 'male-warm', pitch: 45, speed: 160 } });
  });

  it('says what a character made and when it was last active', () => {
    expect(countsText(ava.counts)).toBe('1 face · 2 images · 1 clip');
    expect(countsText({ ...ava.counts, faces: 0, images: 0, gen_video: 0 })).toBe('Nothing made yet');
    const now = new Date('2026-11-27T13:00:00.000Z').getTime();
    expect(activityText(ava.last_activity_at, now)).toBe('Active 3 hours ago');
    expect(activityText(new Date(now - 20_000).toISOString(), now)).toBe('Active just now');
  });
});
