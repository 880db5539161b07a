// How each output's marks are chosen and written (server/src/provenance/): the issue 26 table
// from the job's input and the engine, the outside inputs as parents, and markOutput (XMP, then
// the C2PA signer over the marked bytes; a WebP becomes a marked PNG). The real engines' outputs
// are read back in studio.test.ts, engine-comfyui.test.ts and engine-replicate.test.ts.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { readCreatorTool, readXmp } from '../../contract/provenance/index.ts';
import type { JobInput } from '../../server/src/jobs/kinds.ts';
import { markOutput, provenanceOf } from '../../server/src/provenance/index.ts';
import type { ContentCredentialsSigner, MarkedMime, Provenance } from '../../server/src/provenance/types.ts';
import { appVersion } from '../../server/src/version.ts';
import { markOf } from './support/studio.ts';

const dir = mkdtempSync(join(tmpdir(), 'persona-provenance-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const template = { type: 'template', path: 'ImageTemplate/3.jpg' } as const;
const generated = { type: 'stored', key: 'gen/0123.png' } as const;
const linked = { type: 'stored', key: 'fetched/abcd.png' } as const;
const upload = { type: 'stored', key: 'uploads/ef01.wav' } as const;

describe('provenanceOf: the issue 26 table', () => {
  const cases: Array<[string, JobInput, string, string]> = [
    ['face', { kind: 'face', gender: 'female', prompt: 'red hair' }, 'algorithmicMedia', 'trainedAlgorithmicMedia'],
    ['image', { kind: 'image', gender: 'male', face: generated, prompt: 'beach' }, 'algorithmicMedia', 'trainedAlgorithmicMedia'],
    ['swap into a template', { kind: 'swapImage', gender: 'female', face: generated, target: template }, 'algorithmicMedia', 'trainedAlgorithmicMedia'],
    ['swap into a linked post', { kind: 'swapImage', gender: 'female', face: generated, target: linked }, 'compositeSynthetic', 'compositeWithTrainedAlgorithmicMedia'],
    ['swap into a video template', { kind: 'swapVideo', gender: null, face: generated, target: { type: 'template', path: 'VideoTemplate/1.mp4' } }, 'algorithmicMedia', 'trainedAlgorithmicMedia'],
    ['swap into a linked reel', { kind: 'swapVideo', gender: null, face: generated, target: { type: 'stored', key: 'fetched/77.mp4' } }, 'compositeSynthetic', 'compositeWithTrainedAlgorithmicMedia'],
    ['image to video', { kind: 'imageToVideo', image: generated, prompt: 'zoom in' }, 'algorithmicMedia', 'trainedAlgorithmicMedia'],
    ['cloth swap', { kind: 'clothSwap', person: generated, garment: { type: 'stored', key: 'uploads/shirt.png' }, category: 'tops' }, 'compositeSynthetic', 'compositeWithTrainedAlgorithmicMedia'],
    ['music', { kind: 'music', lyrics: 'la', song: upload }, 'compositeSynthetic', 'compositeWithTrainedAlgorithmicMedia'],
  ];
  it.each(cases)('%s', (_, input, local, ai) => {
    const read = new Map([['face', '/w/in/face.png'], ['target', '/w/in/target.png'], ['garment', '/w/in/garment.png'], ['song', '/w/in/song.wav'], ['image', '/w/in/image.png'], ['person', '/w/in/person.png']]);
    expect(provenanceOf(input, 'local', read).digitalSourceType).toBe(local);
    expect(provenanceOf(input, 'comfyui', read).digitalSourceType).toBe(ai);
    expect(provenanceOf(input, 'replicate', read).digitalSourceType).toBe(ai);
  });

  it('names the outside inputs as the job read them (never our own outputs or templates), the tool and a title', () => {
    const input: JobInput = { kind: 'music', lyrics: 'la', song: upload, voice: { type: 'stored', key: 'uploads/voice.mp3' } };
    const read = new Map([['song', '/w/in/song.wav'], ['voice', '/w/in/voice.mp3']]);
    expect(provenanceOf(input, 'local', read)).toEqual({
      digitalSourceType: 'compositeSynthetic',
      parents: [{ path: '/w/in/song.wav', mime: 'audio/wav', title: 'The song' }, { path: '/w/in/voice.mp3', mime: 'audio/mpeg', title: 'The voice recording' }],
      tool: { name: 'Persona Studio', version: appVersion, engine: 'local' },
      title: 'Persona Studio song',
    } satisfies Provenance);
    const swap: JobInput = { kind: 'swapImage', gender: 'male', face: generated, target: template };
    expect(provenanceOf(swap, 'local', new Map([['face', '/w/in/face.png'], ['target', '/w/in/target.jpg']])).parents).toEqual([]);
  });
});

describe('markOutput', () => {
  const provenance: Provenance = { digitalSourceType: 'trainedAlgorithmicMedia', parents: [], tool: { name: 'Persona Studio', version: '1.2.3', engine: 'replicate' }, title: 'Persona Studio face' };

  it('writes the XMP, then hands the marked bytes to the signer and stores what it answers', async () => {
    const path = join(dir, 'out.jpg');
    writeFileSync(path, await sharp({ create: { width: 16, height: 16, channels: 3, background: '#123456' } }).jpeg().toBuffer());
    const signed: Array<{ mime: MarkedMime; mark: string | null }> = [];
    const signer: ContentCredentialsSigner = {
      async sign(bytes, mime) {
        signed.push({ mime, mark: markOf(bytes) });
        return new Uint8Array([...bytes, 0xff, 0xd9]); // stands for the manifest
      },
    };
    expect(await markOutput({ path, mime: 'image/jpeg' }, provenance, signer)).toEqual({ path, mime: 'image/jpeg' });
    expect(signed).toEqual([{ mime: 'image/jpeg', mark: 'trainedAlgorithmicMedia' }]);
    const stored = readFileSync(path);
    expect(stored.subarray(-4)).toEqual(Buffer.from([0xff, 0xd9, 0xff, 0xd9]));
    expect(readCreatorTool(readXmp(stored)!)).toBe('Persona Studio 1.2.3 (replicate engine)');
  });

  it('turns a WebP into a marked PNG beside it, and refuses a file it cannot mark', async () => {
    const webp = join(dir, 'out.webp');
    writeFileSync(webp, await sharp({ create: { width: 16, height: 16, channels: 3, background: '#654321' } }).webp().toBuffer());
    const marked = await markOutput({ path: webp, mime: 'image/webp' }, provenance, null);
    expect(marked).toEqual({ path: join(dir, 'out.png'), mime: 'image/png' });
    expect((await sharp(marked.path).metadata()).format).toBe('png');
    expect(markOf(readFileSync(marked.path))).toBe('trainedAlgorithmicMedia');
    const text = join(dir, 'out.bin');
    writeFileSync(text, 'not media');
    await expect(markOutput({ path: text, mime: 'image/png' }, provenance, null)).rejects.toThrow(/cannot be marked/);
  });
});
