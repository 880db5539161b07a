// The Replicate client against a local server speaking its documented predictions API
// (support/fake-replicate.ts): create, poll, cancel, outputs copied at once; failures included (a
// failed prediction, 5xx and 429, malformed answers, a server that is gone).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outputUrls, replicateClient } from '../../server/src/engines/replicate/client.ts';
import { ConfigError, loadConfig } from '../../server/src/config/index.ts';
import { useTestDatabase } from './support/db.ts';
import { FAKE_REPLICATE_TOKEN, PNG_SIGNATURE, startFakeReplicate, type FakeReplicate } from './support/fake-replicate.ts';
import { markAt, studioApp } from './support/studio.ts';
import { createEngineRegistry } from '../../server/src/engines/registry.ts';
import { fillInput, readModelSpecs, replicateEngine } from '../../server/src/engines/replicate/index.ts';
import { EngineInputError, TransientEngineError, type EngineContext } from '../../server/src/engines/types.ts';

const TOKEN = FAKE_REPLICATE_TOKEN;
const database = useTestDatabase('sqlite');
let fake: FakeReplicate;
let dir: string;

beforeAll(async () => {
  fake = await startFakeReplicate();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.reset();
  dir = mkdtempSync(join(tmpdir(), 'replicate-test-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const waits: number[] = [];
const client = (over: Partial<Parameters<typeof replicateClient>[0]> = {}) =>
  replicateClient({ token: TOKEN, baseUrl: `${fake.base}/v1`, allowHosts: ['127.0.0.1'], sleep: async (ms) => void waits.push(ms), ...over });

describe('Replicate client', () => {
  it('creates, polls with growing waits, reports progress and copies the output into the job folder', async () => {
    waits.length = 0;
    const progress: number[] = [];
    const replicate = client();
    const done = await replicate.run('acme/face-model', { prompt: 'a face' }, new AbortController().signal, (p) => progress.push(p));
    expect(done.status).toBe('succeeded');
    expect(fake.calls.slice(0, 3)).toEqual(['POST /v1/models/acme/face-model/predictions', 'GET /v1/predictions/p1', 'GET /v1/predictions/p1']);
    expect(waits).toEqual([1000, 1500]);
    expect(progress).toEqual([10, 50, 90]);
    const [url] = outputUrls(done.output);
    const file = await replicate.download(url, dir, 'out.png', new AbortController().signal);
    expect(readFileSync(file).toString('latin1')).toContain('Comment\0bytes of /files/p1.png');
    // Without the test's allowance, an output on a private address is refused.
    await expect(client({ allowHosts: [] }).download(url, dir, 'again.png', new AbortController().signal)).rejects.toThrow(/refused/);
  });

  it('a failed prediction is an input error with the model\'s words; no output or a cancel we did not ask for may be retried', async () => {
    fake.plan = { end: 'failed' };
    const err = await client().run('acme/swap', {}, new AbortController().signal).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EngineInputError);
    expect((err as Error).message).toBe('No face found in the input image.');
    fake.plan = { end: 'no-output' };
    await expect(client().run('acme/swap', {}, new AbortController().signal)).rejects.toBeInstanceOf(TransientEngineError);
    fake.plan = { end: 'canceled' };
    await expect(client().run('acme/swap', {}, new AbortController().signal)).rejects.toBeInstanceOf(TransientEngineError);
  });

  it('busy, rate-limited, malformed or gone servers are transient; the token never shows in a message', async () => {
    for (const status of [500, 503, 429]) {
      fake.plan = { end: 'succeeded', createStatus: status };
      const err = (await client().run('acme/m', {}, new AbortController().signal).catch((e: unknown) => e)) as Error;
      expect(err).toBeInstanceOf(TransientEngineError);
      expect(err.message).toContain(String(status));
      expect(err.message).not.toContain(TOKEN);
    }
    fake.plan = { end: 'succeeded', createStatus: 422 };
    const refused = (await client().run('acme/m', {}, new AbortController().signal).catch((e: unknown) => e)) as Error;
    expect(refused).not.toBeInstanceOf(TransientEngineError);
    fake.plan = { end: 'succeeded', malformed: true };
    await expect(client().run('acme/m', {}, new AbortController().signal)).rejects.toThrow('not a prediction');
    const gone = client({ baseUrl: 'http://127.0.0.1:9/v1' });
    await expect(gone.run('acme/m', {}, new AbortController().signal)).rejects.toThrow(/could not be reached/);
    await expect(client({ token: 'wrong' }).run('acme/m', {}, new AbortController().signal)).rejects.toThrow('(401)');
  });

  it('a canceled job cancels its prediction at Replicate', async () => {
    const stop = new AbortController();
    const replicate = client({ sleep: async () => { stop.abort(new Error('job canceled')); throw stop.signal.reason; } });
    await expect(replicate.run('acme/video', {}, stop.signal)).rejects.toThrow('job canceled');
    expect(fake.calls).toContain('POST /v1/predictions/p1/cancel');
    expect(fake.predictions.get('p1')?.status).toBe('canceled');
  });

  it('reads output URLs from a string, a list or an object, and refuses model names that are not owner/name', async () => {
    expect(outputUrls({ video: 'https://x/a.mp4', extra: ['https://x/b.png', 3, 'text'] })).toEqual(['https://x/a.mp4', 'https://x/b.png']);
    expect(outputUrls(null)).toEqual([]);
    await expect(client().create('../../admin', {})).rejects.toThrow('Not a Replicate model name');
  });
});

describe('replicate engine', () => {
  const ctx = (): EngineContext & { seen: number[] } => {
    const seen: number[] = [];
    return { workDir: dir, signal: new AbortController().signal, progress: (p) => seen.push(p), tools: { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' }, seen };
  };

  it('fills the model\'s input template (files as data URIs, our category in the model\'s words) and keeps the output judged by its bytes', async () => {
    const person = join(dir, 'person.png');
    const garment = join(dir, 'garment.png');
    writeFileSync(person, PNG_SIGNATURE);
    writeFileSync(garment, PNG_SIGNATURE);
    const specs = readModelSpecs(join(import.meta.dirname, '..', '..', 'server', 'src', 'engines', 'replicate', 'models.json'));
    expect(Object.keys(specs).sort()).toEqual(['clothSwap', 'face', 'image', 'imageToVideo', 'music', 'swapImage', 'swapVideo', 'talking', 'upscale']);
    const engine = replicateEngine({ token: TOKEN, baseUrl: `${fake.base}/v1`, allowHosts: ['127.0.0.1'], sleep: async () => undefined, specs: { ...specs, clothSwap: { model: 'acme/vton', input: specs.clothSwap!.input } } });
    const c = ctx();
    const file = await engine.clothSwap!({ personPath: person, garmentPath: garment, category: 'bottoms' }, c);
    expect(file.mime).toBe('image/png');
    expect(fake.calls[0]).toBe('POST /v1/models/acme/vton/predictions');
    const input = (fake.predictions.get('p1') as unknown as { input: Record<string, string> }).input;
    expect(input.human_img).toBe(`data:image/png;base64,${PNG_SIGNATURE.toString('base64')}`);
    expect(input.category).toBe('lower_body');
    expect(c.seen.at(-1)).toBe(99);

    // The upscale: Real-ESRGAN with the picture as a data URI and the scale as a number.
    const up = await engine.upscale!({ imagePath: person, scale: 4 }, ctx());
    expect(up.mime).toBe('image/png');
    expect(fake.calls).toContain('POST /v1/models/nightmareai/real-esrgan/predictions');
    const sent = ([...fake.predictions.values()].at(-1) as unknown as { input: Record<string, unknown> }).input;
    expect(sent).toEqual({ image: `data:image/png;base64,${PNG_SIGNATURE.toString('base64')}`, scale: 4, face_enhance: false });

    // The talking character: the face and the typed text, spoken here by espeak-ng, as a WAV data URI.
    // The fake answers a picture, which is no video: refused by its bytes.
    await expect(engine.talking!({ facePath: person, text: 'Hello there.', gender: 'male' }, ctx())).rejects.toThrow(/not a PNG, JPEG, WEBP or MP4 video/);
    expect(fake.calls).toContain('POST /v1/models/douwantech/musetalk/predictions');
    const talked = ([...fake.predictions.values()].at(-1) as unknown as { input: Record<string, unknown> }).input;
    expect(talked.video_input).toBe(`data:image/png;base64,${PNG_SIGNATURE.toString('base64')}`);
    expect(String(talked.audio_input)).toMatch(/^data:audio\/wav;base64,UklGR/);
  });

  it('refuses an output that is not what the capability makes, and a template naming an input it lacks', async () => {
    fake.plan = { end: 'succeeded' };
    const engine = replicateEngine({ token: TOKEN, baseUrl: `${fake.base}/v1`, allowHosts: ['127.0.0.1'], sleep: async () => undefined, specs: { imageToVideo: { model: 'acme/i2v', input: { prompt: '{{prompt}}' } } } });
    const image = join(dir, 'in.png');
    writeFileSync(image, PNG_SIGNATURE);
    await expect(engine.imageToVideo!({ imagePath: image, prompt: 'zoom in' }, ctx())).rejects.toThrow(/not a PNG, JPEG, WEBP or MP4 video/);
    await expect(fillInput({ a: ['{{nope}}'] }, {})).rejects.toThrow('{{nope}}');
    await expect(engine.music!({ lyrics: 'x', songPath: image }, ctx())).rejects.toThrow('No Replicate model is configured for music');
  });
});

describe('choosing the replicate engine', () => {
  it('GENERATION_ENGINES names it per capability; without a token the server does not start', () => {
    const env = { DATA_DIR: dir, GENERATION_ENGINES: 'default=local,clothSwap=replicate' };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(/REPLICATE_API_TOKEN/);
    const config = loadConfig({ ...env, REPLICATE_API_TOKEN: TOKEN, REPLICATE_BASE_URL: `${fake.base}/v1` });
    const engines = createEngineRegistry(config.generation);
    expect(engines.for('clothSwap').engine).toBe('replicate');
    expect(engines.for('face').engine).toBe('local');
    expect(loadConfig({ DATA_DIR: dir }).generation.replicate).toBeNull();
  });
});

describe('a studio job on the replicate engine', () => {
  it('runs through the job runner: the output is copied into our storage and the answer names the engine; a failed prediction is a 422 with the model\'s words', async () => {
    const t = await studioApp(database.current, {
      GENERATION_ENGINES: 'default=local,face=replicate',
      REPLICATE_API_TOKEN: TOKEN,
      REPLICATE_BASE_URL: `${fake.base}/v1`,
      FETCH_ALLOW_HOSTS: '127.0.0.1',
    });
    try {
      const u = await t.user('replicate@example.com');
      let res = await t.call(u, '/api/generate-face-prompt/', { user_id: u.userId, prompt: 'freckles, green eyes' });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { output: string; engine: string; face_prompt: string };
      expect(body.engine).toBe('replicate');
      expect(body.face_prompt).toBe('freckles, green eyes');
      expect(body.output).toMatch(/^\/media\/gen\/\w+\.png$/);
      const media = await t.app.inject({ method: 'GET', url: body.output });
      expect(media.rawPayload.toString('latin1')).toContain('Comment\0bytes of /files/p1.png');
      expect(await markAt(t, body.output)).toBe('trainedAlgorithmicMedia');
      expect((fake.predictions.get('p1') as unknown as { input: Record<string, string> }).input.prompt).toBe('freckles, green eyes');

      fake.plan = { end: 'failed' };
      res = await t.call(u, '/api/generate-face-prompt/', { user_id: u.userId, prompt: 'another' });
      expect([res.statusCode, res.json().error]).toEqual([422, 'No face found in the input image.']);
    } finally {
      await t.app.close();
    }
  });
});
