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
const SHIPPED = join(import.meta.dirname, '..', '..', 'server', 'src', 'engines', 'replicate', 'models.json');
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
/** An official model, run by name. */
const official = (model: string) => ({ model, version: null });
const client = (over: Partial<Parameters<typeof replicateClient>[0]> = {}) =>
  replicateClient({ token: TOKEN, baseUrl: `${fake.base}/v1`, allowHosts: ['127.0.0.1'], sleep: async (ms) => void waits.push(ms), ...over });

describe('Replicate client', () => {
  it('creates, polls with growing waits, reports progress and copies the output into the job folder', async () => {
    waits.length = 0;
    const progress: number[] = [];
    const replicate = client();
    const done = await replicate.run(official('acme/face-model'), { prompt: 'a face' }, new AbortController().signal, (p) => progress.push(p));
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
    const err = await client().run(official('acme/swap'), {}, new AbortController().signal).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EngineInputError);
    expect((err as Error).message).toBe('No face found in the input image.');
    fake.plan = { end: 'no-output' };
    await expect(client().run(official('acme/swap'), {}, new AbortController().signal)).rejects.toBeInstanceOf(TransientEngineError);
    fake.plan = { end: 'canceled' };
    await expect(client().run(official('acme/swap'), {}, new AbortController().signal)).rejects.toBeInstanceOf(TransientEngineError);
  });

  it('busy, rate-limited, malformed or gone servers are transient; the token never shows in a message', async () => {
    for (const status of [500, 503, 429]) {
      fake.plan = { end: 'succeeded', createStatus: status };
      const err = (await client().run(official('acme/m'), {}, new AbortController().signal).catch((e: unknown) => e)) as Error;
      expect(err).toBeInstanceOf(TransientEngineError);
      expect(err.message).toContain(String(status));
      expect(err.message).not.toContain(TOKEN);
    }
    fake.plan = { end: 'succeeded', createStatus: 422 };
    const refused = (await client().run(official('acme/m'), {}, new AbortController().signal).catch((e: unknown) => e)) as Error;
    expect(refused).not.toBeInstanceOf(TransientEngineError);
    fake.plan = { end: 'succeeded', malformed: true };
    await expect(client().run(official('acme/m'), {}, new AbortController().signal)).rejects.toThrow('not a prediction');
    const gone = client({ baseUrl: 'http://127.0.0.1:9/v1' });
    await expect(gone.run(official('acme/m'), {}, new AbortController().signal)).rejects.toThrow(/could not be reached/);
    await expect(client({ token: 'wrong' }).run(official('acme/m'), {}, new AbortController().signal)).rejects.toThrow('(401)');
  });

  it('a canceled job cancels its prediction at Replicate', async () => {
    const stop = new AbortController();
    const replicate = client({ sleep: async () => { stop.abort(new Error('job canceled')); throw stop.signal.reason; } });
    await expect(replicate.run(official('acme/video'), {}, stop.signal)).rejects.toThrow('job canceled');
    expect(fake.calls).toContain('POST /v1/predictions/p1/cancel');
    expect(fake.predictions.get('p1')?.status).toBe('canceled');
  });

  it('reads output URLs from a string, a list or an object, and refuses model names that are not owner/name', async () => {
    expect(outputUrls({ video: 'https://x/a.mp4', extra: ['https://x/b.png', 3, 'text'] })).toEqual(['https://x/a.mp4', 'https://x/b.png']);
    expect(outputUrls(null)).toEqual([]);
    await expect(client().create(official('../../admin'), {})).rejects.toThrow('Not a Replicate model name');
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
    const engine = replicateEngine({ token: TOKEN, baseUrl: `${fake.base}/v1`, allowHosts: ['127.0.0.1'], sleep: async () => undefined, specs: { ...specs, clothSwap: { model: 'acme/vton', version: null, input: specs.clothSwap!.input } } });
    const c = ctx();
    const file = await engine.clothSwap!({ personPath: person, garmentPath: garment, category: 'bottoms' }, c);
    expect(file.mime).toBe('image/png');
    expect(fake.calls[0]).toBe('POST /v1/models/acme/vton/predictions');
    const input = (fake.predictions.get('p1') as unknown as { input: Record<string, string> }).input;
    expect(input.human_img).toBe(`data:image/png;base64,${PNG_SIGNATURE.toString('base64')}`);
    expect(input.category).toBe('lower_body');
    expect(c.seen.at(-1)).toBe(99);

    // The upscale: Real-ESRGAN (a community model: run at its version) with the picture as a data URI and the scale as a number.
    const up = await engine.upscale!({ imagePath: person, scale: 4 }, ctx());
    expect(up.mime).toBe('image/png');
    expect(fake.calls).toContain('POST /v1/predictions');
    expect(fake.calls).not.toContain('POST /v1/models/nightmareai/real-esrgan/predictions');
    const sent = [...fake.predictions.values()].at(-1)!;
    expect(sent.version).toBe(specs.upscale!.version);
    expect(specs.upscale).toMatchObject({ model: 'nightmareai/real-esrgan', version: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(sent.input).toEqual({ image: `data:image/png;base64,${PNG_SIGNATURE.toString('base64')}`, scale: 4, face_enhance: false });

    // The talking character: the face and the typed text, spoken here by espeak-ng, as a WAV data URI.
    // The fake answers a picture, which is no video: refused by its bytes.
    await expect(engine.talking!({ facePath: person, text: 'Hello there.', gender: 'male' }, ctx())).rejects.toThrow(/not a PNG, JPEG, WEBP or MP4 video/);
    expect([...fake.predictions.values()].at(-1)!.version).toBe(specs.talking!.version);
    const talked = [...fake.predictions.values()].at(-1)!.input;
    expect(talked.video_input).toBe(`data:image/png;base64,${PNG_SIGNATURE.toString('base64')}`);
    expect(String(talked.audio_input)).toMatch(/^data:audio\/wav;base64,UklGR/);
  });

  it('refuses an output that is not what the capability makes, and a template naming an input it lacks', async () => {
    fake.plan = { end: 'succeeded' };
    const engine = replicateEngine({ token: TOKEN, baseUrl: `${fake.base}/v1`, allowHosts: ['127.0.0.1'], sleep: async () => undefined, specs: { imageToVideo: { model: 'acme/i2v', version: null, input: { prompt: '{{prompt}}' } } } });
    const image = join(dir, 'in.png');
    writeFileSync(image, PNG_SIGNATURE);
    await expect(engine.imageToVideo!({ imagePath: image, prompt: 'zoom in' }, ctx())).rejects.toThrow(/not a PNG, JPEG, WEBP or MP4 video/);
    await expect(fillInput({ a: ['{{nope}}'] }, {})).rejects.toThrow('{{nope}}');
    await expect(engine.music!({ lyrics: 'x', songPath: image }, ctx())).rejects.toThrow('No Replicate model is configured for music');
  });
});

describe('Replicate\'s real protocol: versions, the files API, aborted, Retry-After', () => {
  const ctx = (): EngineContext => ({ workDir: dir, signal: new AbortController().signal, progress: () => undefined, tools: { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' } });

  it('a community model answers 404 by name and runs at its version through /v1/predictions; an unknown version is refused', async () => {
    const idmVton = readModelSpecs(SHIPPED).clothSwap!;
    expect(idmVton.model).toBe('cuuupid/idm-vton');
    const byName = (await client().run(official('cuuupid/idm-vton'), {}, new AbortController().signal).catch((e: unknown) => e)) as Error;
    expect(byName).not.toBeInstanceOf(TransientEngineError);
    expect(byName.message).toBe('Replicate refused the request (404): Not found.');
    const done = await client().run(idmVton, { garment_des: 'a shirt' }, new AbortController().signal);
    expect(done.status).toBe('succeeded');
    expect(fake.calls).toContain('POST /v1/predictions');
    expect(fake.predictions.get(done.id)).toMatchObject({ version: idmVton.version, model: null, input: { garment_des: 'a shirt' } });
    const unknown = (await client().run({ model: 'cuuupid/idm-vton', version: 'f'.repeat(64) }, {}, new AbortController().signal).catch((e: unknown) => e)) as Error;
    expect(unknown.message).toBe('Replicate refused the request (422): Invalid version or not permitted');
    await expect(client().create({ model: 'cuuupid/idm-vton', version: 'latest' }, {})).rejects.toThrow('Not a Replicate version id');
  });

  it('reads owner/name:<version> and a version field; refuses a malformed version naming the entry', () => {
    const file = join(dir, 'models.json');
    const v = 'ab'.repeat(32);
    writeFileSync(file, JSON.stringify({ face: { model: `acme/one:${v}`, input: {} }, image: { model: 'acme/two', version: v, input: {} }, upscale: { model: 'acme/three', input: {} } }));
    expect(readModelSpecs(file)).toEqual({ face: { model: 'acme/one', version: v, input: {} }, image: { model: 'acme/two', version: v, input: {} }, upscale: { model: 'acme/three', version: null, input: {} } });
    writeFileSync(file, JSON.stringify({ music: { model: 'acme/one:v2', input: {} } }));
    expect(() => readModelSpecs(file)).toThrow(`${file}: music: a version is 64 hexadecimal characters (got v2)`);
  });

  it('an input over 1 MB goes through the files API and the upload is deleted once the prediction ends, succeeded or failed; a small one goes inline', async () => {
    const big = join(dir, 'voice.wav');
    writeFileSync(big, Buffer.alloc(1024 * 1024 + 1, 7));
    const small = join(dir, 'face.png');
    writeFileSync(small, PNG_SIGNATURE);
    const engine = replicateEngine({ token: TOKEN, baseUrl: `${fake.base}/v1`, allowHosts: ['127.0.0.1'], sleep: async () => undefined, specs: { swapImage: { model: 'acme/swap', version: null, input: { target: '{{target}}', face: '{{face}}' } } } });
    const file = await engine.swapImage!({ facePath: small, targetPath: big }, ctx());
    expect(file.mime).toBe('image/png');
    const { input } = [...fake.predictions.values()].at(-1)!;
    expect(input.target).toBe(`${fake.base}/v1/files/f1/download`);
    expect(input.face).toBe(`data:image/png;base64,${PNG_SIGNATURE.toString('base64')}`);
    expect(fake.calls.indexOf('POST /v1/files')).toBeLessThan(fake.calls.indexOf('POST /v1/models/acme/swap/predictions'));
    expect(fake.deleted).toEqual(['f1']);
    expect(fake.files.size).toBe(0);

    fake.plan = { end: 'failed' };
    await expect(engine.swapImage!({ facePath: small, targetPath: big }, ctx())).rejects.toBeInstanceOf(EngineInputError);
    fake.plan = { end: 'aborted' };
    await expect(engine.swapImage!({ facePath: small, targetPath: big }, ctx())).rejects.toBeInstanceOf(TransientEngineError);
    expect(fake.deleted).toEqual(['f1', 'f2', 'f3']);
    expect(fake.files.size).toBe(0);

    // Sent inline instead, the fake refuses it as over the data URI limit.
    const inline = `data:audio/wav;base64,${Buffer.alloc(1024 * 1024 + 1).toString('base64')}`;
    const refused = (await client().run(official('acme/swap'), { target: inline }, new AbortController().signal).catch((e: unknown) => e)) as Error;
    expect(refused.message).toMatch(/^Replicate refused the request \(413\): A data URI input is over 1048576 bytes/);
  });

  it('aborted is a final status like canceled: the job may be retried', async () => {
    fake.plan = { end: 'aborted' };
    const err = (await client().run(official('acme/video'), {}, new AbortController().signal).catch((e: unknown) => e)) as Error;
    expect(err).toBeInstanceOf(TransientEngineError);
    expect(err.message).toBe('The prediction was aborted at Replicate.');
    expect(fake.calls.filter((c) => c.startsWith('GET /v1/predictions/'))).toHaveLength(2);
  });

  it('a 429 or 503 with Retry-After is waited out, capped by the setting, and asked again; past three tries it is transient', async () => {
    const slept: number[] = [];
    const sleep = async (ms: number) => void slept.push(ms);
    fake.plan = { end: 'succeeded', busy: { status: 429, retryAfter: '1', times: 2 } };
    const done = await client({ sleep, retryAfterMaxMs: 600 }).run(official('acme/m'), {}, new AbortController().signal);
    expect(done.status).toBe('succeeded');
    // Two Retry-After waits (1 s, capped at 0.6 s), then the polls' own.
    expect(slept.slice(0, 2)).toEqual([600, 600]);
    expect(fake.calls.filter((c) => c === 'POST /v1/models/acme/m/predictions')).toHaveLength(3);

    slept.length = 0;
    fake.plan = { end: 'succeeded', busy: { status: 503, retryAfter: '0', times: 9 } };
    const busy = (await client({ sleep }).run(official('acme/m'), {}, new AbortController().signal).catch((e: unknown) => e)) as Error;
    expect(busy).toBeInstanceOf(TransientEngineError);
    expect(busy.message).toContain('Replicate answered 503');
    expect(slept).toEqual([0, 0, 0]);
  });

  it('the pre-flight looks each model and version up: a missing model or version refuses its capability, an unreachable service is a warning', async () => {
    const specs = readModelSpecs(SHIPPED);
    const engine = replicateEngine({ token: TOKEN, baseUrl: `${fake.base}/v1`, specs });
    const all = await engine.preflight!(['face', 'clothSwap', 'upscale', 'talking']);
    for (const check of Object.values(all)) expect(check).toEqual({ problems: [], warnings: [] });
    expect(fake.calls).toContain(`GET /v1/models/cuuupid/idm-vton/versions/${specs.clothSwap!.version}`);

    fake.models.delete('douwantech/musetalk');
    fake.models.get('nightmareai/real-esrgan')!.versions = ['0'.repeat(64)];
    const refused = await engine.preflight!(['talking', 'upscale', 'face']);
    expect(refused.talking!.problems).toEqual(['Replicate has no model douwantech/musetalk this token may use (missing or private)']);
    expect(refused.upscale!.problems).toEqual([`Replicate's nightmareai/real-esrgan has no version ${specs.upscale!.version}`]);
    expect(refused.face!.problems).toEqual([]);

    // A community model named without its version would answer 404 on every run.
    const unversioned = await replicateEngine({ token: TOKEN, baseUrl: `${fake.base}/v1`, specs: { clothSwap: { ...specs.clothSwap!, version: null } } }).preflight!(['clothSwap']);
    expect(unversioned.clothSwap!.problems).toEqual(["cuuupid/idm-vton is a community model: it runs only at a version ('cuuupid/idm-vton:<version>')"]);

    const gone = await replicateEngine({ token: TOKEN, baseUrl: 'http://127.0.0.1:9/v1', specs }).preflight!(['face']);
    expect(gone.face!.problems).toEqual([]);
    expect(gone.face!.warnings[0]).toMatch(/^black-forest-labs\/flux-schnell could not be looked up: Replicate could not be reached/);
  });

  it('the registry refuses what the pre-flight refused, until the next one', async () => {
    fake.models.delete('cuuupid/idm-vton');
    const config = loadConfig({ DATA_DIR: dir, GENERATION_ENGINES: 'default=local,clothSwap=replicate,face=replicate', REPLICATE_API_TOKEN: TOKEN, REPLICATE_BASE_URL: `${fake.base}/v1` });
    const engines = createEngineRegistry(config.generation);
    expect(engines.unavailable('clothSwap')).toBeNull();
    const report = await engines.preflight();
    expect(report.find((e) => e.capability === 'clothSwap')).toEqual({ capability: 'clothSwap', engine: 'replicate', problems: ['Replicate has no model cuuupid/idm-vton this token may use (missing or private)'], warnings: [] });
    expect(report.find((e) => e.capability === 'image')).toEqual({ capability: 'image', engine: 'local', problems: [], warnings: [] });
    expect(engines.unavailable('clothSwap')).toEqual(['Replicate has no model cuuupid/idm-vton this token may use (missing or private)']);
    expect(engines.unavailable('face')).toBeNull();
    fake.reset();
    await engines.preflight();
    expect(engines.unavailable('clothSwap')).toBeNull();
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
