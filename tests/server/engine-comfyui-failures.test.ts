// How the comfyui engine fails, against the local fake ComfyUI over real sockets: what the job may
// retry (unreachable, 5xx, a prompt lost in a restart, an output /view cannot give), what it may
// not (a workflow ComfyUI refuses, a node's error, bytes that are not media, the time-out), and a
// cancel that interrupts only our own running prompt and takes a waiting one out of the queue.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { comfyuiEngine } from '../../server/src/engines/comfyui/index.ts';
import { EngineInputError, TransientEngineError } from '../../server/src/engines/types.ts';
import { engineOptions, makeMedia, whenQueued, type Media } from './support/comfyui-media.ts';
import { contextMaker } from './support/engine.ts';
import { startFakeComfy, type FakeComfy } from './support/fake-comfyui.ts';
import { watchTimeouts } from './support/timeouts.ts';

let root: string;
let media: Media;
let fake: FakeComfy;
const ctx = contextMaker(() => root);
const face = { gender: 'female' as const, prompt: 'freckles' };
const failure = (p: Promise<unknown>) => p.then(() => { throw new Error('expected a failure'); }, (err: unknown) => err as Error);

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'comfyui-fail-'));
  media = await makeMedia(root);
  writeFileSync(join(root, 'face.png'), media.png);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));
beforeEach(async () => {
  fake = await startFakeComfy();
  fake.plan.outputs = [{ key: 'images', filename: 'out.png', bytes: media.png }];
});
afterEach(() => fake.close());

describe('comfyui engine failures', () => {
  it('a workflow ComfyUI refuses (400 node_errors) fails at once with the nodes at fault; 5xx and a refused connection may be retried', async () => {
    // A server without the SDXL checkpoint: ComfyUI's own refusal, node by node.
    fake.models.checkpoints = [];
    const refused = await failure(comfyuiEngine(engineOptions(fake.url)).face!(face, ctx()));
    expect(refused).not.toBeInstanceOf(TransientEngineError);
    expect(refused).not.toBeInstanceOf(EngineInputError);
    expect(refused.message).toBe("ComfyUI refused the workflow: Prompt outputs failed validation; node 4 (CheckpointLoaderSimple): Value not in list: ckpt_name: 'sd_xl_base_1.0.safetensors' not in []");

    fake.plan = { ...fake.plan, promptStatus: 500 };
    const busy = await failure(comfyuiEngine(engineOptions(fake.url)).face!(face, ctx()));
    expect(busy).toBeInstanceOf(TransientEngineError);
    expect(busy.message).toContain('ComfyUI answered 500');

    const gone = await failure(comfyuiEngine(engineOptions('http://127.0.0.1:9')).swapImage!({ facePath: join(root, 'face.png'), targetPath: join(root, 'face.png') }, ctx()));
    expect(gone).toBeInstanceOf(TransientEngineError);
    expect(gone.message).toMatch(/ComfyUI could not be reached/);
  });

  it('a 429 or 503 with Retry-After is waited out (capped by the setting) and asked again; past the retries it may be retried as a job', async () => {
    const waits: number[] = [];
    const sleep = async (ms: number) => void waits.push(ms);
    fake.plan.busy = { status: 429, retryAfter: '120', times: 2 };
    const done = await comfyuiEngine(engineOptions(fake.url, { sleep, retryAfterMaxMs: 7 })).face!(face, ctx());
    expect(done.mime).toBe('image/png');
    expect(waits).toEqual([7, 7]);
    expect(fake.calls.filter((c) => c === 'POST /prompt')).toHaveLength(3);

    waits.length = 0;
    fake.plan.busy = { status: 503, retryAfter: '0', times: 4 };
    const busy = await failure(comfyuiEngine(engineOptions(fake.url, { sleep, retryAfterMaxMs: 7 })).face!(face, ctx()));
    expect(busy).toBeInstanceOf(TransientEngineError);
    expect(busy.message).toContain('ComfyUI answered 503');
    expect(waits).toEqual([0, 0, 0]);
  });

  it('a node\'s execution_error fails with its message (shown to the user); out of memory may be retried', async () => {
    fake.plan = { ...fake.plan, end: 'error', exception: { type: 'Exception', message: 'No face found in the source image\nTraceback …' } };
    const err = await failure(comfyuiEngine(engineOptions(fake.url)).face!(face, ctx()));
    expect(err).toBeInstanceOf(EngineInputError);
    expect(err.message).toBe('No face found in the source image');

    fake.plan = { ...fake.plan, exception: { type: 'torch.OutOfMemoryError', message: 'CUDA out of memory. Tried to allocate 2.00 GiB' } };
    const oom = await failure(comfyuiEngine(engineOptions(fake.url)).face!(face, ctx()));
    expect(oom).toBeInstanceOf(TransientEngineError);
    expect(oom.message).toBe('ComfyUI ran out of memory in node 3 (KSampler)');
  });

  it('the same error read from the history when the socket never connected', async () => {
    fake.plan = { ...fake.plan, socket: 'refused', end: 'error', exception: { type: 'Exception', message: 'Garment not found' } };
    const err = await failure(comfyuiEngine(engineOptions(fake.url)).face!(face, ctx()));
    expect(err).toBeInstanceOf(EngineInputError);
    expect(err.message).toBe('Garment not found');
  });

  /** How a face job ends when `happen` strikes while its prompt runs. */
  async function midJob(happen: () => unknown): Promise<Error> {
    fake.plan.end = 'hang';
    const job = failure(comfyuiEngine(engineOptions(fake.url)).face!(face, ctx()));
    await whenQueued(fake.prompts, 1, happen);
    return job;
  }

  it('a prompt that is neither queued nor in the history after a restart was lost: retried, never a success', async () => {
    const err = await midJob(() => fake.restart());
    expect(err).toBeInstanceOf(TransientEngineError);
    expect(err.message).toMatch(/lost the prompt/);
  });

  it('a ComfyUI that disappears mid-job: the polls fail a few times, then the job may be retried', async () => {
    const err = await midJob(() => fake.close());
    expect(err).toBeInstanceOf(TransientEngineError);
    expect(err.message).toMatch(/ComfyUI could not be reached/);
    fake = await startFakeComfy(); // for afterEach
  });

  it('the time-out interrupts our prompt and fails the job', async () => {
    fake.plan.end = 'hang';
    const timeouts = watchTimeouts();
    const err = await failure(comfyuiEngine(engineOptions(fake.url, { jobTimeoutMs: 400 })).face!(face, ctx())).finally(() => timeouts.restore());
    // The job's 0.4 s deadline is what ended it (its signal fired), not the fake or the test's time-out.
    expect(timeouts.fired()).toContain(400);
    expect(err).not.toBeInstanceOf(TransientEngineError);
    expect(err.message).toBe('ComfyUI did not finish the face-prompt workflow within 0.4 s');
    expect(fake.calls).toEqual(expect.arrayContaining(['POST /interrupt', 'POST /queue']));
  });

  it('outputs that are not what they claim: /view cannot give the file (retry), bytes that are not media or no file of the kind (no retry)', async () => {
    fake.plan.outputs = [{ key: 'images', filename: 'vanished.png' }];
    const missing = await failure(comfyuiEngine(engineOptions(fake.url)).face!(face, ctx()));
    expect(missing).toBeInstanceOf(TransientEngineError);
    expect(missing.message).toBe("ComfyUI's output could not be fetched: The link answered 404.");

    fake.plan.outputs = [{ key: 'images', filename: 'text.png', bytes: Buffer.from('Traceback (most recent call last)') }];
    const text = await failure(comfyuiEngine(engineOptions(fake.url)).face!(face, ctx()));
    expect(text).not.toBeInstanceOf(TransientEngineError);
    expect(text.message).toBe("ComfyUI's face-prompt workflow answered a file that is not a PNG, JPEG, WEBP or MP4 image");

    fake.plan.outputs = [{ key: 'audio', filename: 'song.mp3', bytes: media.mp3 }];
    const none = await failure(comfyuiEngine(engineOptions(fake.url)).face!(face, ctx()));
    expect(none.message).toMatch(/^ComfyUI's face-prompt workflow saved no image file/);
  });
});

describe('canceling a comfyui job', () => {
  it('interrupts our prompt when it is the running one, and only dequeues it when it is still waiting', async () => {
    fake.plan.end = 'hang';
    const engine = comfyuiEngine(engineOptions(fake.url));
    const first = new AbortController();
    const running = failure(engine.face!(face, ctx(first.signal)));
    await whenQueued(fake.prompts, 1, () => undefined);
    const second = new AbortController();
    const waiting = failure(engine.face!(face, ctx(second.signal)));
    await whenQueued(fake.prompts, 2, () => second.abort(new Error('job canceled')));
    expect((await waiting).message).toBe('job canceled');
    expect(fake.calls.filter((c) => c === 'POST /interrupt')).toHaveLength(0);
    expect(fake.calls).toContain('POST /queue');

    first.abort(new Error('job canceled'));
    expect((await running).message).toBe('job canceled');
    expect(fake.calls.filter((c) => c === 'POST /interrupt')).toHaveLength(1);
    const history = fake.history.get(fake.prompts[0]!.id) as { status: { messages: [string][] } };
    expect(history.status.messages.map(([type]) => type)).toEqual(['execution_interrupted']);
    // The waiting prompt never ran: it left the queue.
    expect(fake.history.has(fake.prompts[1]!.id)).toBe(false);
  });
});
