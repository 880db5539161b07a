// What the queue calls jobs and batches (issue 45): source words, stable names, item order.
import { describe, expect, it } from 'vitest';
import type { JobView } from '../../contract/studio';
import { batchName, elapsedText, inItemOrder, jobFacts, jobNames, madeAt, noProgress, shortened, sourceWords } from '../../src/studio/queueNames';

const job = (id: string, fields: Partial<JobView> = {}): JobView => ({
  job_id: id, kind: 'image', status: 'queued', progress: 0, engine: 'local', error: null, created_at: '2026-11-26T10:00:00.000Z', updated_at: '2026-11-26T10:00:00.000Z',
  finished_at: null, batch_id: null, position: 1, eta_seconds: null, ...fields,
});

describe('queue names', () => {
  it('name a job by its words, the page\'s words for uploads and links, or its kind and number without any', () => {
    expect(sourceWords(job('a', { source: { kind: 'prompt', text: '  A cat\n on a  roof ' } }))).toBe('A cat on a roof');
    expect(sourceWords(job('a', { source: { kind: 'upload', text: '' } }))).toBe('From your upload');
    expect(sourceWords(job('a', { source: { kind: 'link', text: '' } }))).toBe('From your link');
    expect(sourceWords(job('a', { source: null }))).toBeNull();
    const names = jobNames([
      job('z', { created_at: '2026-11-26T10:00:02.000Z', source: { kind: 'prompt', text: 'A cat' } }),
      job('y', { created_at: '2026-11-26T10:00:01.000Z', source: { kind: 'prompt', text: 'A cat' } }),
      job('x', { kind: 'face', created_at: '2026-11-26T10:00:03.000Z' }),
      job('w', { kind: 'face', created_at: '2026-11-26T10:00:00.000Z', source: { kind: 'celebrities', text: 'Ada Lovelace, Grace Hopper' } }),
      job('v', { kind: 'face', created_at: '2026-11-26T10:00:04.000Z' }),
    ]);
    // The older of two alike keeps the plain name; names go by creation, not by list order.
    expect(Object.fromEntries(names)).toEqual({ y: 'A cat', z: 'A cat (2)', w: 'Ada Lovelace, Grace Hopper', x: 'Face 1', v: 'Face 2' });
  });

  it('shorten long words at a word, with an ellipsis', () => {
    const long = 'A woman with long red hair standing in a sunflower field at golden hour';
    const short = shortened(long);
    expect(short.length).toBeLessThanOrEqual(48);
    expect(short).toBe('A woman with long red hair standing in a…');
    expect(shortened('Short')).toBe('Short');
  });

  it('keep a batch\'s items in item order whatever order the list gave', () => {
    // Made in the same millisecond, ids in the other order: the item index decides, not creation.
    const listed = (['c', 'a', 'd', 'b'] as const).map((id) => job(id, { batch_id: 'b1', batch_index: { a: 3, b: 2, c: 1, d: 0 }[id] }));
    expect(inItemOrder(listed).map((j) => j.job_id)).toEqual(['d', 'c', 'b', 'a']);
    // Without an index (a server before it): by creation, then id.
    const old = ['c', 'a', 'd', 'b'].map((id) => job(id, { batch_id: 'b1' }));
    expect(inItemOrder(old).map((j) => j.job_id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('name a batch by its time and first words, the same whatever else arrives', () => {
    const now = new Date('2026-11-26T18:00:00.000Z');
    const first = job('a', { batch_id: 'b1', created_at: '2026-11-26T10:05:00.000Z', source: { kind: 'prompt', text: 'A singer on stage' } });
    expect(batchName(first, now)).toBe(`Batch at ${madeAt(first.created_at, now)}: A singer on stage`);
    expect(madeAt(first.created_at, now)).not.toContain(',');
    expect(madeAt(first.created_at, new Date('2026-11-28T10:00:00.000Z'))).toMatch(/26.*Nov|Nov.*26/);
    expect(batchName(job('a', { kind: 'face', source: null }), now)).toMatch(/^Batch at .+: faces$/);
  });

  it('say of a job its kind, engine, once done its result\'s size, and while open the day it was asked for', () => {
    const day = new Date('2026-11-26T10:00:00.000Z').toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
    expect(jobFacts(job('a'))).toBe(`Image · Local engine · ${day}`);
    expect(jobFacts(job('b', { kind: 'swapVideo', status: 'running', engine: 'replicate' }))).toBe(`Face swap video · Replicate · ${day}`);
    expect(jobFacts(job('c', { status: 'succeeded', result_size: { width: 1536, height: 2048, duration_seconds: null } }))).toBe('Image · Local engine · 1536 × 2048');
    expect(jobFacts(job('d', { kind: 'music', status: 'succeeded', engine: 'comfyui', result_size: { width: null, height: null, duration_seconds: 72.4 } }))).toBe('Song · Comfyui · 1:12');
    // Not known: the size left out; an engine not yet chosen, too.
    expect(jobFacts(job('e', { status: 'failed', engine: null, result_size: null }))).toBe('Image');
  });

  it('say how long a job without progress has run, and know which do', () => {
    expect([elapsedText(42_900), elapsedText(65_000), elapsedText(3_780_000)]).toEqual(['42 s', '1 min 5 s', '1 h 3 min']);
    expect(noProgress({ status: 'running', progress: 0 })).toBe(true);
    expect(noProgress({ status: 'running', progress: 12 })).toBe(false);
    expect(noProgress({ status: 'queued', progress: 0 })).toBe(false);
  });
});
