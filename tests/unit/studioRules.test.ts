import { StudioSessionKey } from '../../src/lib/studioSessionKeys';
import { describe, expect, it } from 'vitest';
import { PERSISTED_SESSION_KEYS } from '../../src/lib/persistedSession';
import { AUDIO_MESSAGES, checkAudioFile } from '../../src/studio/audioCheck';
import { orderedFaces, type GalleryData } from '../../src/studio/galleryStore';
import { imagePrompt } from '../../src/studio/imagePrompt';
import { GenerationError } from '../../src/studio/jobs';
import { noticeFor } from '../../src/studio/notices';
import { decodeResult, encodeResult, withTimestamp } from '../../src/studio/results';

const file = (name: string) => ({ name, arrayBuffer: async () => new ArrayBuffer(8) });

describe('music file checks (spec §5)', () => {
  it('needs .wav or .mp3, a readable file and more than 15 s of decoded audio', async () => {
    expect(await checkAudioFile(file('song.ogg'), async () => 60)).toBe(AUDIO_MESSAGES.format);
    expect(await checkAudioFile(file('song.MP3'), async () => 60)).toBeNull();
    expect(await checkAudioFile(file('song.wav'), async () => 15)).toBe(AUDIO_MESSAGES.short);
    expect(await checkAudioFile(file('song.wav'), async () => 15.01)).toBeNull();
    expect(await checkAudioFile(file('song.mp3'), async () => { throw new Error('bad'); })).toBe(AUDIO_MESSAGES.unreadable);
    expect(await checkAudioFile(file('song.mp3'), async () => Number.NaN)).toBe(AUDIO_MESSAGES.unreadable);
  });
});

describe('stored results (spec §3)', () => {
  it('faces, images and videos are AES-encrypted, the rest plain JSON; both read back', () => {
    const result = { url: '/media/a.png', engine: 'local', at: 5, jobId: 'j' };
    const secret = encodeResult(StudioSessionKey.faceCelebrity, result);
    expect(secret).not.toContain('/media');
    expect(decodeResult(StudioSessionKey.faceCelebrity, secret)).toEqual(result);
    expect(JSON.parse(encodeResult(StudioSessionKey.audio, result))).toEqual(result);
    expect(decodeResult(StudioSessionKey.faceCelebrity, 'garbage')).toBeNull();
    expect(decodeResult(StudioSessionKey.faceCelebrity, encodeResult(StudioSessionKey.audio, result))).toBeNull();
  });

  it('every result key travels with the session, and URLs get a time-stamp query', () => {
    for (const key of [StudioSessionKey.videoTemplateMen, StudioSessionKey.clothImage, StudioSessionKey.imageToVideoOutput, StudioSessionKey.audio, StudioSessionKey.pendingJobs]) expect(PERSISTED_SESSION_KEYS).toContain(key);
    expect(withTimestamp('/media/a.png', 7)).toBe('/media/a.png?t=7');
    expect(withTimestamp('/media/a.png?x=1', 7)).toBe('/media/a.png?x=1&t=7');
  });
});

describe('face order (spec §2, §4)', () => {
  const face = (id: string, gender: 'female' | 'male') => ({ id, created_at: id, image_url: `/media/${id}.png`, gender, face_prompt: null });
  const data = { faces: [face('f5', 'female'), face('m4', 'male'), face('f3', 'female'), face('f2', 'female'), face('f1', 'female')] } as unknown as GalleryData;

  it('newest first per gender; chosen faces move to the front, latest choice first', () => {
    expect(orderedFaces(data, 'female', []).map((f) => f.id)).toEqual(['f5', 'f3', 'f2', 'f1']);
    expect(orderedFaces(data, 'female', ['f1']).map((f) => f.id)).toEqual(['f1', 'f5', 'f3', 'f2']);
    expect(orderedFaces(data, 'female', ['f2', 'f1']).map((f) => f.id)).toEqual(['f2', 'f1', 'f5', 'f3']);
    expect(orderedFaces(data, 'male', ['f2']).map((f) => f.id)).toEqual(['m4']);
  });
});

describe('image prompt (spec §7)', () => {
  it('joins the text, the quality wording of the gender, the pose modifier and the face prompt', () => {
    const prompt = imagePrompt(' at the beach ', 'male', 'Selfie', 'green eyes');
    expect(prompt.startsWith('at the beach, ')).toBe(true);
    expect(prompt).toContain('22-year-old male');
    expect(prompt).toContain('upper body 1');
    expect(prompt.endsWith('green eyes')).toBe(true);
    expect(imagePrompt('x', 'female', 'Half body', null)).toContain('upper body 2');
    expect(imagePrompt('x', 'female', 'Full body', null)).toContain('full body');
  });
});

describe('failure notices (spec §8)', () => {
  it('403 offers Subscribe with the server message; other failures use the screen texts', () => {
    expect(noticeFor(new GenerationError('Your video allowance is used up until 1 Jan.', 403), 'video')).toEqual({ message: 'Your video allowance is used up until 1 Jan.', subscribe: true });
    expect(noticeFor(new GenerationError('', 403), 'face')).toEqual({ message: 'Subscription required.', subscribe: true });
    expect(noticeFor(new GenerationError('x', 401), 'face')).toBeNull();
    expect(noticeFor(new GenerationError('boom', 500), 'face')?.message).toBe('An error occurred while generating the face.');
    expect(noticeFor(new GenerationError('Garment not found', 422), 'clothSwap')?.message).toBe('Garment not found');
    expect(noticeFor(new GenerationError('', 500), 'clothSwap')?.message).toBe('Invalid Selection , Please Change Selected Image Or Uploaded Image');
    expect(noticeFor(new GenerationError('anything', 422), 'imageToVideo')?.message).toBe('Invalid prompt. Please enter a proper prompt.');
    expect(noticeFor(new GenerationError('anything', 0), 'music')?.message).toBe('Invalid Audio. Please enter a proper Audio.');
    expect(noticeFor(null, 'music')).toBeNull();
  });
});
