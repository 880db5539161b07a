import { StudioSessionKey } from '../../src/lib/studioSessionKeys';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '../../src/api/client';
import { SessionKey } from '../../src/lib/session';
import { followJob, GenerationError, pendingJob, resultUrl, submitGeneration } from '../../src/studio/jobs';
import { startGeneration, useStudioStore } from '../../src/studio/studioStore';
import { loadResult } from '../../src/studio/results';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

let calls: { url: string; init: RequestInit }[];
const header = (init: RequestInit, name: string) => (init.headers as Record<string, string>)[name];

function mockFetch(handler: (url: string, init: RequestInit) => Response | Promise<Response>) {
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return handler(url, init);
  }));
}

const view = (status: string, extra: object = {}) => ({ job_id: 'j1', kind: 'image', status, progress: 0, engine: 'local', error: null, created_at: '', updated_at: '', finished_at: null, ...extra });

beforeEach(() => {
  calls = [];
  sessionStorage.clear();
  sessionStorage.setItem(SessionKey.accessToken, 'tok');
  sessionStorage.setItem(SessionKey.userId, 'u1');
  setNavigator(vi.fn());
  useStudioStore.setState({ userId: null, running: {}, results: {}, errors: {} });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the job client (ARCHITECTURE §4)', () => {
  it('asks for an async job with a fresh Idempotency-Key and the security key, and remembers the job for its slot', async () => {
    mockFetch(() => json(202, { job_id: 'j1' }, { location: '/api/jobs/j1' }));
    const first = await submitGeneration(StudioSessionKey.imagePrompt, { path: '/generate-image-prompt/', body: { user_id: 'u1', prompt: 'x', face_url: '/media/f.png' } });
    await submitGeneration(StudioSessionKey.imagePromptMen, { path: '/generate-image-prompt-men/', body: { user_id: 'u1' } });
    expect(first.jobId).toBe('j1');
    expect(header(calls[0].init, 'Prefer')).toBe('respond-async');
    expect(header(calls[0].init, 'security-key')).toMatch(/^[0-9a-f]{64}$/);
    const keys = calls.map((c) => header(c.init, 'Idempotency-Key'));
    expect(keys[0]).toBeTruthy();
    expect(keys[0]).not.toBe(keys[1]);
    expect(pendingJob(StudioSessionKey.imagePrompt)).toMatchObject({ jobId: 'j1' });
  });

  it('polls with a growing delay until the job succeeds, then forgets it', async () => {
    vi.useFakeTimers();
    sessionStorage.setItem(StudioSessionKey.pendingJobs, JSON.stringify({ [StudioSessionKey.videoLink]: { jobId: 'j1', startedAt: 1 } }));
    let polls = 0;
    mockFetch(() => json(200, ++polls < 4 ? view('running', { progress: polls * 10 }) : view('succeeded', { video_url: '/media/v.mp4' })));
    const seen: number[] = [];
    const done = followJob(StudioSessionKey.videoLink, 'j1', { onUpdate: (j) => seen.push(j.progress) });
    await vi.advanceTimersByTimeAsync(0);
    expect(polls).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(polls).toBe(2);
    await vi.advanceTimersByTimeAsync(1000); // the next wait is 1.5 s
    expect(polls).toBe(2);
    await vi.advanceTimersByTimeAsync(500);
    expect(polls).toBe(3);
    await vi.advanceTimersByTimeAsync(2250);
    const job = await done;
    expect(resultUrl(job)).toBe('/media/v.mp4');
    expect(seen).toEqual([10, 20, 30, 0]);
    expect(pendingJob(StudioSessionKey.videoLink)).toBeNull();
  });

  it('a failed job rejects with its error; a 403 keeps its status for the Subscribe notice', async () => {
    mockFetch(() => json(200, view('failed', { error: 'Failed to swap clothing' })));
    await expect(followJob(StudioSessionKey.clothImage, 'j1')).rejects.toMatchObject({ message: 'Failed to swap clothing', status: 0 });
    mockFetch(() => json(403, { error: 'Subscription required.' }));
    const err = await submitGeneration(StudioSessionKey.facePrompt, { path: '/generate-face-prompt/', body: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GenerationError);
    expect(err).toMatchObject({ status: 403, message: 'Subscription required.' });
  });

  it('the store runs a slot end to end: running, then the result saved under the slot key (encrypted) and the gallery refreshed', async () => {
    mockFetch((url) => {
      if (url.endsWith('/generate_face_c/')) return json(202, { job_id: 'j1' });
      if (url.endsWith('/jobs/j1')) return json(200, view('succeeded', { output: '/media/face.png' }));
      if (url.endsWith('/gallery/')) return json(200, { faces: [], images: [], videos: [], cloth: [], audio: [], gen_video: [] });
      return json(404, {});
    });
    const run = startGeneration(StudioSessionKey.faceCelebrity, async () => ({ path: '/generate_face_c/', body: { user_id: 'u1' } }));
    expect(useStudioStore.getState().running[StudioSessionKey.faceCelebrity]).toBeTruthy();
    await run;
    expect(useStudioStore.getState().running[StudioSessionKey.faceCelebrity]).toBeUndefined();
    expect(loadResult(StudioSessionKey.faceCelebrity)).toMatchObject({ url: '/media/face.png', engine: 'local', jobId: 'j1' });
    expect(sessionStorage.getItem(StudioSessionKey.faceCelebrity)).not.toContain('face.png');
    await vi.waitFor(() => expect(calls.some((c) => c.url.endsWith('/gallery/'))).toBe(true));
  });

  it('a failing preparation (a link that cannot be resolved) lands in the slot error, and nothing is sent', async () => {
    mockFetch(() => json(500, {}));
    await startGeneration(StudioSessionKey.videoLink, async () => {
      throw new GenerationError('Failed to download media from Instagram.', 400);
    });
    expect(useStudioStore.getState().errors[StudioSessionKey.videoLink]).toMatchObject({ status: 400 });
    expect(calls).toHaveLength(0);
  });
});
