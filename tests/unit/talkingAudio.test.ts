// The talking character's checks in the page (issue 32): a voice file of 1 to 60 s (decoded, as
// the music files are), and the WAV the page makes of a recording: a header ffprobe and the
// server's magic-byte check accept, with the samples as 16-bit PCM.
import { describe, expect, it } from 'vitest';
import { audioTypeOf } from '../../contract/media-type';
import { STUDIO_MESSAGES } from '../../contract/studio';
import { AUDIO_MESSAGES, checkVoiceFile } from '../../src/studio/audioCheck';
import { encodeWav } from '../../src/studio/wav';

const file = (name: string) => ({ name, arrayBuffer: async () => new ArrayBuffer(8) });

describe('voice file checks', () => {
  it('takes .wav and .mp3 of 1 to 60 s, with the server\'s messages otherwise', async () => {
    expect(await checkVoiceFile(file('voice.ogg'), async () => 5)).toBe(AUDIO_MESSAGES.format);
    expect(await checkVoiceFile(file('voice.wav'), async () => 0.99)).toBe(STUDIO_MESSAGES.talkingTooShort);
    expect(await checkVoiceFile(file('voice.wav'), async () => 1)).toBeNull();
    expect(await checkVoiceFile(file('voice.MP3'), async () => 60)).toBeNull();
    expect(await checkVoiceFile(file('voice.mp3'), async () => 60.01)).toBe(STUDIO_MESSAGES.talkingTooLong);
    expect(await checkVoiceFile(file('voice.wav'), async () => { throw new Error('bad'); })).toBe(AUDIO_MESSAGES.unreadable);
  });
});

describe('a recording made into a WAV', () => {
  it('writes a mono 16-bit PCM header and the samples, clipped to -1..1', () => {
    const samples = Float32Array.from([0, 0.5, -0.5, 1, -1, 2, -2]);
    const bytes = new Uint8Array(encodeWav(samples, 48_000));
    const view = new DataView(bytes.buffer);
    expect(audioTypeOf(bytes)).toEqual({ mime: 'audio/wav', ext: 'wav' });
    expect(bytes.length).toBe(44 + samples.length * 2);
    expect([view.getUint16(20, true), view.getUint16(22, true), view.getUint32(24, true), view.getUint16(34, true)]).toEqual([1, 1, 48_000, 16]);
    expect(view.getUint32(40, true)).toBe(samples.length * 2);
    const pcm = Array.from({ length: samples.length }, (_, i) => view.getInt16(44 + i * 2, true));
    expect(pcm).toEqual([0, 16383, -16384, 32767, -32768, 32767, -32768]);
  });
});
