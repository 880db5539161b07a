// The pure parts of issue 29's screens: a batch view brought up to date by one job's news, the
// ETA as the screens say it, and the gallery search over the device's copy (offline).
import { describe, expect, it } from 'vitest';
import type { BatchView } from '../../contract/batches';
import type { GalleryResponse, JobView } from '../../contract/studio';
import { batchEnded, toggled, withJob } from '../../src/studio/batches';
import { etaText } from '../../src/studio/eta';
import { isSearching, searchSaved } from '../../src/studio/gallerySearch';
import { batchProgress, batchSummary } from '../../src/studio/ui/BatchGrid';

const job = (id: string, status: JobView['status'], progress = 0): JobView => ({
  job_id: id, kind: 'image', status, progress, engine: 'local', error: null, created_at: '2026-11-26T10:00:00.000Z', updated_at: '2026-11-26T10:00:00.000Z',
  finished_at: null, batch_id: 'b1', position: status === 'queued' ? 1 : null, eta_seconds: null,
});

const view = (jobs: JobView[]): BatchView => ({
  batch_id: 'b1', call: '/generate-image-temp/', total: jobs.length, eta_seconds: 130, jobs,
  queued: jobs.filter((j) => j.status === 'queued').length, running: jobs.filter((j) => j.status === 'running').length,
  succeeded: jobs.filter((j) => j.status === 'succeeded').length, failed: jobs.filter((j) => j.status === 'failed').length, canceled: jobs.filter((j) => j.status === 'canceled').length,
});

describe('a batch followed by its jobs\' news', () => {
  it('takes a job\'s newer view and counts again; ends when every job has', () => {
    const start = view([job('a', 'running', 40), job('b', 'queued')]);
    const next = withJob(start, job('a', 'succeeded', 100));
    expect([next.running, next.succeeded, next.queued]).toEqual([0, 1, 1]);
    expect(batchEnded(next)).toBe(false);
    expect(batchSummary(next)).toBe('1 of 2 done · about 2 min left');
    expect(batchProgress(next)).toBe(50);
    const done = withJob(next, { ...job('b', 'failed'), error: 'Engine failed' });
    expect(batchEnded(done)).toBe(true);
    expect(batchSummary(done)).toBe('2 of 2 done · 1 failed');
    // News of a job outside the batch changes nothing.
    expect(withJob(done, job('zz', 'running'))).toBe(done);
  });

  it('a template grid toggles: pressed again, a template is taken out', () => {
    const a = { id: 1 };
    const b = { id: 2 };
    expect(toggled(toggled([a], b), a)).toEqual([b]);
  });
});

describe('etaText', () => {
  it('says minutes and hours, and nothing without an estimate', () => {
    expect([etaText(null), etaText(undefined), etaText(20), etaText(89), etaText(150), etaText(3600), etaText(3900)]).toEqual([null, null, 'less than a minute', 'about 1 min', 'about 3 min', 'about 1 h', 'about 1 h 5 min']);
  });
});

describe('the gallery search over the device\'s copy', () => {
  const data: GalleryResponse = {
    faces: [
      { id: 'f1', created_at: '2026-11-20T08:00:00.000Z', image_url: '/media/gen/f1.webp', gender: 'female', face_prompt: 'A Calm woman, short DARK hair' },
      { id: 'f2', created_at: '2026-11-25T23:59:00.000Z', image_url: '/media/gen/f2.webp', gender: 'female', face_prompt: 'A singer on stage' },
    ],
    images: [{ id: 'i1', created_at: '2026-11-25T12:00:00.000Z', image_url: '/media/gen/i1.webp', gender: 'female', upscaled_from: null, scale: null }],
    videos: [], cloth: [], audio: [], gen_video: [],
  };
  const all = { q: '', kinds: ['faces', 'images', 'videos', 'cloth', 'audio', 'gen_video'] as const, from: '', to: '', character: '' };

  it('matches every word, folded, in a face\'s prompt (the only words kept on the device)', () => {
    expect(searchSaved(data, { ...all, q: 'dark  calm' }).faces?.map((f) => f.id)).toEqual(['f1']);
    // Items without words kept match only a search without words.
    expect(searchSaved(data, { ...all, q: 'dark' }).images).toEqual([]);
  });

  it('keeps to the kinds asked and to whole UTC days between from and to', () => {
    const found = searchSaved(data, { ...all, kinds: ['faces'], from: '2026-11-25', to: '2026-11-25' });
    expect(Object.keys(found)).toEqual(['faces']);
    expect(found.faces?.map((f) => f.id)).toEqual(['f2']);
  });

  it('is a search only with a filter set', () => {
    expect(isSearching(all)).toBe(false);
    expect(isSearching({ ...all, q: ' ' })).toBe(false);
    expect(isSearching({ ...all, kinds: ['faces'] })).toBe(true);
    expect(isSearching({ ...all, to: '2026-11-25' })).toBe(true);
    expect(isSearching({ ...all, character: 'c1' })).toBe(true);
  });

  it('keeps to a character (issue 44), or to items of none', () => {
    const tagged = { ...data, faces: data.faces.map((f, i) => ({ ...f, character_id: i === 0 ? 'c1' : null })) };
    expect(searchSaved(tagged, { ...all, character: 'c1' }).faces?.map((f) => f.id)).toEqual(['f1']);
    expect(searchSaved(tagged, { ...all, character: 'none' }).faces?.map((f) => f.id)).toEqual(['f2']);
    expect(searchSaved(tagged, { ...all, character: 'c1' }).images).toEqual([]);
  });
});
