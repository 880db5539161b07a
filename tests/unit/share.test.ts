// @vitest-environment node
// Sharing into the app (issue 28): the manifest's share target and file handlers say what
// contract/share.ts says, and a share is routed by its bytes first, then by what it claims, then
// by an Instagram link in its url, text or title.
import { describe, expect, it } from 'vitest';
import {
  instagramLink,
  isFreshShare,
  OPEN_FILE_PATH,
  routeShare,
  SHARE_FIELDS,
  SHARE_MAX_AGE_MS,
  SHARE_MAX_BYTES,
  SHARE_TARGET_PATH,
  SHARED_PICTURES,
  SHARED_SONGS,
  type SharedFile,
} from '../../contract/share';
import manifestText from '../../manifest.webmanifest?raw';

const manifest = JSON.parse(manifestText) as {
  share_target: { action: string; method: string; enctype: string; params: { title: string; text: string; url: string; files: Array<{ name: string; accept: string[] }> } };
  file_handlers: Array<{ action: string; accept: Record<string, string[]> }>;
};

const bytes = (...values: Array<number | string>) =>
  Uint8Array.from(values.flatMap((v) => (typeof v === 'string' ? [...v].map((c) => c.charCodeAt(0)) : [v])));
const PNG = bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13);
const WAV = bytes('RIFF', 0, 0, 0, 0, 'WAVE');
const MP3 = bytes('ID3', 4, 0);
const TEXT = bytes('hello, not a picture');
const file = (head: Uint8Array, name: string, type = '', size = 1000): SharedFile => ({ head, name, type, size });

describe('the manifest', () => {
  it('has the share target of contract/share.ts: POST multipart, the file field accepting pictures and songs by type and extension', () => {
    const target = manifest.share_target;
    expect([target.action, target.method, target.enctype]).toEqual([SHARE_TARGET_PATH, 'POST', 'multipart/form-data']);
    expect([target.params.title, target.params.text, target.params.url]).toEqual([SHARE_FIELDS.title, SHARE_FIELDS.text, SHARE_FIELDS.url]);
    expect(target.params.files.map((f) => f.name)).toEqual([SHARE_FIELDS.files]);
    const wanted = [SHARED_PICTURES, SHARED_SONGS].flatMap((table) => [...Object.keys(table), ...Object.values(table).flat()]);
    expect(new Set(target.params.files[0]!.accept)).toEqual(new Set(wanted));
  });

  it('opens pictures and songs with /open-file', () => {
    const [handler] = manifest.file_handlers;
    expect(handler!.action).toBe(OPEN_FILE_PATH);
    const extensions = Object.values(handler!.accept).flat();
    expect(new Set(extensions)).toEqual(new Set([...Object.values(SHARED_PICTURES), ...Object.values(SHARED_SONGS)].flat()));
  });
});

describe('routing a share', () => {
  it('a picture goes to Cloth Swap, a song to AI Music, by their bytes whatever they are called', () => {
    expect(routeShare([file(PNG, 'garment.bin', 'application/octet-stream')], {})).toEqual({ screen: '/clothSwap', file: 0 });
    expect(routeShare([file(WAV, 'take.dat')], {})).toEqual({ screen: '/AIMusic', file: 0 });
    expect(routeShare([file(MP3, 'song')], {})).toEqual({ screen: '/AIMusic', file: 0 });
  });

  it('a file that only claims to be a picture or a song goes to that screen, which refuses it with its own message', () => {
    expect(routeShare([file(TEXT, 'fake.png')], {})).toEqual({ screen: '/clothSwap', file: 0 });
    expect(routeShare([file(TEXT, 'x', 'audio/mpeg')], {})).toEqual({ screen: '/AIMusic', file: 0 });
  });

  it('the first file a screen takes wins; other files are passed over', () => {
    expect(routeShare([file(TEXT, 'notes.txt', 'text/plain'), file(WAV, 'b.wav')], {})).toEqual({ screen: '/AIMusic', file: 1 });
  });

  it('a file over 100 MB is refused before it is kept', () => {
    expect(routeShare([file(PNG, 'big.png', 'image/png', SHARE_MAX_BYTES + 1)], {})).toEqual({ problem: 'too-large' });
  });

  it('an Instagram post link goes to Image, a reel to Video, found in url, text or title', () => {
    expect(routeShare([], { url: 'https://www.instagram.com/p/C1abc_D-2/' })).toEqual({ screen: '/image', link: 'https://www.instagram.com/p/C1abc_D-2/' });
    expect(routeShare([], { text: 'Look at this https://instagram.com/reel/Cx9?igsh=abc ok' })).toEqual({ screen: '/video', link: 'https://instagram.com/reel/Cx9?igsh=abc' });
    expect(instagramLink(null, 'https://www.instagram.com/someone/reel/AbC/')).toEqual({ screen: '/video', link: 'https://www.instagram.com/someone/reel/AbC/' });
  });

  it('nothing usable: a profile link, another site, plain text, an unknown file', () => {
    expect(routeShare([], { url: 'https://www.instagram.com/someone/' })).toEqual({ problem: 'unsupported' });
    expect(routeShare([], { url: 'https://example.com/p/abc' })).toEqual({ problem: 'unsupported' });
    expect(routeShare([file(TEXT, 'notes.txt', 'text/plain')], { text: 'hello' })).toEqual({ problem: 'unsupported' });
  });

  it('a kept share is used within a day', () => {
    const now = Date.now();
    expect(isFreshShare({ screen: '/image', link: 'x', receivedAt: now - 1000 }, now)).toBe(true);
    expect(isFreshShare({ screen: '/image', link: 'x', receivedAt: now - SHARE_MAX_AGE_MS - 1 }, now)).toBe(false);
    expect(isFreshShare(undefined, now)).toBe(false);
  });
});
