// The comfyui engine against a local fake ComfyUI (support/fake-comfyui.ts) over real HTTP and
// WebSocket: placeholders filled, inputs uploaded, progress followed, outputs copied and judged by
// their bytes; the WebSocket lost or never there (history polling finishes the job); workflows
// overridden from a folder; the configuration; and one studio job run end to end on it.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/src/config/index.ts';
import { comfyuiEngine } from '../../server/src/engines/comfyui/index.ts';
import { readWorkflows } from '../../server/src/engines/comfyui/workflows.ts';
import { createEngineRegistry } from '../../server/src/engines/registry.ts';
import type { Engine } from '../../server/src/engines/types.ts';
import { engineOptions, makeMedia, type Media } from './support/comfyui-media.ts';
import { useTestDatabase } from './support/db.ts';
import { contextMaker } from './support/engine.ts';
import { startFakeComfy, type FakeComfy } from './support/fake-comfyui.ts';
import { markAt, studioApp } from './support/studio.ts';

const database = useTestDatabase('sqlite');
let root: string;
let media: Media;
let fake: FakeComfy;
const ctx = contextMaker(() => root);

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'comfyui-test-'));
  media = await makeMedia(root);
  for (const [name, bytes] of Object.entries({ 'face.png': media.png, 'target.mp4': media.mp4, 'song.mp3': media.mp3 })) writeFileSync(join(root, name), bytes);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));
beforeEach(async () => {
  fake = await startFakeComfy();
});
afterEach(() => fake.close());

const file = (name: string) => join(root, name);

describe('comfyui engine', () => {
  it('face from a prompt: our words and a fresh seed fill the workflow, progress arrives over the WebSocket, the PNG lands in the job folder', async () => {
    fake.plan.outputs = [{ key: 'images', filename: 'face_00001_.png', bytes: media.png }];
    const c = ctx();
    const result = await comfyuiEngine(engineOptions(fake.url)).face!({ gender: 'female', prompt: 'freckles, green eyes' }, c);
    expect(result.mime).toBe('image/png');
    expect(result.facePrompt).toBe('freckles, green eyes');
    expect(readFileSync(result.path)).toEqual(media.png);
    expect(result.path.startsWith(c.workDir)).toBe(true);
    const graph = fake.prompts[0]!.graph;
    expect(graph['6']!.inputs.text).toContain('portrait of a woman, freckles, green eyes,');
    expect(typeof graph['3']!.inputs.seed).toBe('number');
    // Per-node progress (3 sampler steps among 7 nodes) rises between submit (5) and the copy (99).
    const between = c.seen.filter((p) => p > 5 && p < 90);
    expect(between.length).toBeGreaterThanOrEqual(5);
    expect(between).toEqual([...between].sort((a, b) => a - b));
    expect(c.seen.at(-1)).toBe(99);
    expect(fake.calls).not.toContain('POST /interrupt');
  });

  it('celebrity faces use their own workflow with the three names', async () => {
    fake.plan.outputs = [{ key: 'images', filename: 'face_00002_.png', bytes: media.png }];
    const result = await comfyuiEngine(engineOptions(fake.url)).face!({ gender: 'male', celebrities: ['Ada Lovelace', 'Alan Turing', 'Grace Hopper'] }, ctx());
    expect(result.facePrompt).toBe('a realistic portrait of a new man blending the looks of Ada Lovelace, Alan Turing, Grace Hopper');
    expect(fake.prompts[0]!.graph['6']!.inputs.text).toContain('new, unknown man with a face halfway between Ada Lovelace, Alan Turing and Grace Hopper');
  });

  it('face swap into a video: both inputs are uploaded under fresh names the loaders take; the MP4 comes from the VHS "gifs" output', async () => {
    fake.plan.outputs = [{ key: 'gifs', filename: 'swap-video_00001.png', bytes: media.png }, { key: 'gifs', filename: 'swap-video_00001.mp4', bytes: media.mp4 }];
    const result = await comfyuiEngine(engineOptions(fake.url)).swapVideo!({ facePath: file('face.png'), targetPath: file('target.mp4') }, ctx());
    expect(result.mime).toBe('video/mp4');
    expect(readFileSync(result.path)).toEqual(media.mp4);
    const graph = fake.prompts[0]!.graph;
    const [face, video] = [String(graph['1']!.inputs.image), String(graph['2']!.inputs.video)];
    expect(face).toMatch(/^persona-[0-9a-f]{16}-face\.png$/);
    expect(video).toMatch(/^persona-[0-9a-f]{16}-target\.mp4$/);
    expect(fake.uploads.get(face)).toEqual(media.png);
    expect(fake.uploads.get(video)).toEqual(media.mp4);
  });

  it('every shipped workflow runs with every placeholder filled and every loaded file uploaded', async () => {
    const engine = comfyuiEngine(engineOptions(fake.url));
    fake.plan = { ...fake.plan, steps: 1, stepMs: 1, outputs: [{ key: 'images', filename: 'o.png', bytes: media.png }, { key: 'videos', filename: 'o.mp4', bytes: media.mp4 }, { key: 'audio', filename: 'o.mp3', bytes: media.mp3 }] };
    const runs: [keyof Engine, unknown, string][] = [
      ['face', { gender: 'female', prompt: 'red hair' }, 'image/png'],
      ['image', { gender: 'female', facePath: file('face.png'), prompt: 'on a beach' }, 'image/png'],
      ['swapImage', { facePath: file('face.png'), targetPath: file('face.png') }, 'image/png'],
      ['clothSwap', { personPath: file('face.png'), garmentPath: file('face.png'), category: 'bottoms' }, 'image/png'],
      ['imageToVideo', { imagePath: file('face.png'), prompt: 'zoom in' }, 'video/mp4'],
      ['music', { lyrics: 'la la la', songPath: file('song.mp3') }, 'audio/mpeg'],
      ['upscale', { imagePath: file('face.png'), scale: 4 }, 'image/png'],
      ['talking', { facePath: file('face.png'), audioPath: file('song.mp3'), gender: 'female' }, 'video/mp4'],
    ];
    for (const [capability, input, mime] of runs) {
      const run = engine[capability] as (i: unknown, c: ReturnType<typeof ctx>) => Promise<{ mime: string }>;
      expect((await run(input, ctx())).mime, capability).toBe(mime);
    }
    for (const p of fake.prompts) expect(JSON.stringify(p.graph)).not.toContain('{{');
    expect(fake.prompts[3]!.graph['3']!.inputs.prompt).toBe('pants, skirt, shorts');
    expect(fake.prompts[5]!.graph['14']!.inputs.lyrics).toBe('la la la');
    // The upscale loads the 4x Real-ESRGAN weights and upscales the uploaded picture with them.
    const upscale = fake.prompts[6]!.graph;
    expect(upscale['2']).toMatchObject({ class_type: 'UpscaleModelLoader', inputs: { model_name: 'RealESRGAN_x4plus.pth' } });
    expect(upscale['3']).toMatchObject({ class_type: 'ImageUpscaleWithModel', inputs: { upscale_model: ['2', 0], image: ['1', 0] } });
    expect(fake.uploads.has(String(upscale['1']!.inputs.image))).toBe(true);
    // The talking character: MuseTalk on the uploaded face, its lower half hidden, and the track cut to a WAV of at most 60 s.
    const talking = fake.prompts[7]!.graph;
    expect(talking['10']).toMatchObject({ class_type: 'muse_talk_sampler', inputs: { model: ['8', 0], images: ['2', 0], masked_images: ['4', 0], whisper_features: ['7', 0] } });
    // VideoHelperSuite's AUDIO made into the legacy VHS_AUDIO MuseTalk-KJ reads.
    expect(talking['12']).toMatchObject({ class_type: 'VHS_AudioToVHSAudio', inputs: { audio: ['5', 0] } });
    expect(talking['6']!.inputs.vhs_audio).toEqual(['12', 0]);
    expect(fake.uploads.has(String(talking['1']!.inputs.image))).toBe(true);
    const track = String(talking['5']!.inputs.audio);
    expect(track).toMatch(/^persona-[0-9a-f]{16}-audio\.wav$/);
    expect(fake.uploads.get(track)!.subarray(0, 4).toString()).toBe('RIFF');
    expect(fake.uploads.size).toBe(10);
  });

  it('finishes from the history when the WebSocket drops mid-job, or never connects', async () => {
    fake.plan = { ...fake.plan, steps: 4, stepMs: 20, socket: 'drops', outputs: [{ key: 'images', filename: 'drop.png', bytes: media.png }] };
    const c = ctx();
    expect((await comfyuiEngine(engineOptions(fake.url)).face!({ gender: 'female', prompt: 'a' }, c)).mime).toBe('image/png');
    expect(c.seen.some((p) => p > 5 && p < 90)).toBe(true);
    expect(fake.calls.filter((call) => call.startsWith('GET /history/')).length).toBeGreaterThan(0);

    fake.plan = { ...fake.plan, socket: 'refused', outputs: [{ key: 'images', filename: 'never.png', bytes: media.png }] };
    fake.calls.length = 0;
    expect((await comfyuiEngine(engineOptions(fake.url)).face!({ gender: 'female', prompt: 'b' }, ctx())).mime).toBe('image/png');
    expect(fake.calls).toContain('GET /queue');
    expect(fake.calls.some((call) => call.startsWith('GET /history/'))).toBe(true);
  });
});

describe('comfyui workflows and settings', () => {
  it('a file in COMFYUI_WORKFLOWS_DIR replaces the shipped one; a broken one is refused at start, naming it', () => {
    const dir = mkdtempSync(join(root, 'flows-'));
    const mine = { '1': { class_type: 'SaveImage', inputs: { filename_prefix: 'mine' } } };
    writeFileSync(join(dir, 'swapImage.json'), JSON.stringify(mine));
    const flows = readWorkflows(dir);
    expect(flows.swapImage).toEqual(mine);
    expect(flows.image!['8']!.class_type).toBe('ApplyInstantID');
    writeFileSync(join(dir, 'music.json'), JSON.stringify({ prompt: { '1': {} } }));
    expect(() => readWorkflows(dir)).toThrow(/music\.json: node prompt needs a class_type/);
    writeFileSync(join(dir, 'music.json'), '{ not json');
    expect(() => readWorkflows(dir)).toThrow(/music\.json/);
  });

  it('GENERATION_ENGINES names comfyui per capability; COMFYUI_URL is then required and checked', () => {
    const env = { DATA_DIR: root, GENERATION_ENGINES: 'default=local,swapVideo=comfyui' };
    expect(() => loadConfig(env)).toThrow(/COMFYUI_URL/);
    expect(() => loadConfig({ ...env, COMFYUI_URL: 'comfy:8188' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...env, COMFYUI_URL: fake.url, COMFYUI_WORKFLOWS_DIR: join(root, 'nowhere') })).toThrow(/COMFYUI_WORKFLOWS_DIR/);
    expect(() => loadConfig({ ...env, COMFYUI_URL: fake.url, COMFYUI_TIMEOUT_SECONDS: '5' })).toThrow(/COMFYUI_TIMEOUT_SECONDS/);
    const config = loadConfig({ ...env, COMFYUI_URL: `${fake.url}/`, COMFYUI_TIMEOUT_SECONDS: '120' });
    expect(config.generation.comfyui).toEqual({ url: fake.url, workflowsDir: null, timeoutMs: 120_000 });
    const engines = createEngineRegistry(config.generation);
    expect([engines.for('swapVideo').engine, engines.for('face').engine]).toEqual(['comfyui', 'local']);
    expect(loadConfig({ DATA_DIR: root }).generation.comfyui).toBeNull();
  });
});

describe('a studio job on the comfyui engine', () => {
  it('runs through the job runner: the job names the engine and its output is copied into our storage', async () => {
    fake.plan.outputs = [{ key: 'images', filename: 'studio.png', bytes: media.png }];
    const t = await studioApp(database.current, { GENERATION_ENGINES: 'default=local,face=comfyui', COMFYUI_URL: fake.url });
    try {
      const u = await t.user('comfy@example.com');
      const res = await t.call(u, '/api/generate-face-prompt/', { user_id: u.userId, prompt: 'silver hair' }, { 'prefer': 'respond-async' });
      expect(res.statusCode, res.body).toBe(202);
      const job = await t.settle(u, (res.json() as { job_id: string }).job_id);
      expect([job.status, job.engine]).toEqual(['succeeded', 'comfyui']);
      const output = String(job.output);
      expect(output).toMatch(/^\/media\/gen\/\w+\.png$/);
      const stored = (await t.app.inject({ method: 'GET', url: output })).rawPayload;
      // ComfyUI's picture, pixel for pixel, with the AI engines' mark written in.
      expect(await sharp(stored).raw().toBuffer()).toEqual(await sharp(media.png).raw().toBuffer());
      expect(await markAt(t, output)).toBe('trainedAlgorithmicMedia');
      expect(fake.prompts[0]!.graph['6']!.inputs.text).toContain('silver hair');
    } finally {
      await t.app.close();
    }
  });
});
