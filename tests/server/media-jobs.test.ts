// What made each item (issue 45), on real jobs of the local engine (SQLite: media-producing tests run
// on one database, as studio.test.ts): the gallery answers each new item's source words, size and
// engine; GET /api/media/{id} its settings, inputs (a gallery face linked to its item, a template)
// and AI mark; the job views carry started_at, the source and the input pictures.
import { describe, expect, it } from 'vitest';
import { sourceOf } from '../../server/src/jobs/source-words.ts';
import { useTestDatabase } from './support/db.ts';
import { studioApp, type StudioApp, type StudioUser } from './support/studio.ts';

const database = useTestDatabase('sqlite');

type Json = Record<string, unknown>;

describe('what made each item, on sqlite', () => {
  let t: StudioApp;

  async function made(u: StudioUser, path: string, body: object): Promise<{ job_id: string } & Json> {
    const res = await t.call(u, `/api${path}`, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  it('new items of several kinds carry their source, size and engine; details list settings, inputs and the AI mark; job views their source and input pictures', async () => {
    t = await studioApp(database.current);
    const u = await t.user('workspace@example.com');
    const celebrities = await made(u, '/generate_face_c/', { celebrity1: 'Ada Lovelace', celebrity2: 'Grace Hopper', celebrity3: 'Hedy Lamarr' });
    const prompted = await made(u, '/generate-face-prompt/', { prompt: 'Freckles, Red Hair' });
    const image = await made(u, '/generate-image-prompt/', { face_url: celebrities.output, prompt: 'On a beach at dusk' });
    const swapped = await made(u, '/generate-image-temp/', { face: prompted.output, image: '/media/templates/ImageTemplate/12.jpg' });
    const clip = await made(u, '/imagetovideos/', { input_image: image.output_url, prompt: 'Waves roll in' });

    const gallery = (await t.call(u, '/api/gallery/', {})).json() as Record<string, Json[]>;
    const byJob = (id: string) => Object.values(gallery).flat().find((i) => i.job_id === id)!;
    expect(byJob(celebrities.job_id)).toMatchObject({ favourite: false, source: { kind: 'celebrities', text: 'Ada Lovelace, Grace Hopper, Hedy Lamarr' }, engine: 'local', duration_seconds: null });
    expect(byJob(prompted.job_id)).toMatchObject({ source: { kind: 'prompt', text: 'Freckles, Red Hair' }, engine: 'local' });
    expect(byJob(image.job_id)).toMatchObject({ source: { kind: 'prompt', text: 'On a beach at dusk' }, engine: 'local' });
    expect(byJob(swapped.job_id)).toMatchObject({ source: { kind: 'template', text: 'Template 12' }, engine: 'local' });
    // A video: its pixels and seconds.
    expect(byJob(clip.job_id)).toMatchObject({ source: { kind: 'prompt', text: 'Waves roll in' }, engine: 'local', width: expect.any(Number), height: expect.any(Number) });
    expect(byJob(clip.job_id).duration_seconds as number).toBeGreaterThan(0);
    // Sizes as the stored files have them.
    for (const job of [celebrities, prompted, image, swapped]) {
      const item = byJob(job.job_id);
      const url = (item.image_url ?? item.gen_image_url) as string;
      const { default: sharp } = await import('sharp');
      const meta = await sharp((await t.app.inject({ method: 'GET', url })).rawPayload).metadata();
      expect([item.width, item.height], url).toEqual([meta.width, meta.height]);
    }

    // Details: the image's face is one of the user's gallery items, linked; the swap's target a template.
    const faceItem = byJob(celebrities.job_id);
    let res = await t.get(u, `/api/media/${byJob(image.job_id).id as string}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      group: 'images', item: byJob(image.job_id), kind: 'image', settings: { gender: 'female', prompt: 'On a beach at dusk' },
      inputs: [{ field: 'face', url: celebrities.output, media_id: faceItem.id, origin: 'gallery' }],
      ai_mark: { digital_source_type: 'algorithmicMedia', c2pa: true },
    });
    res = await t.get(u, `/api/media/${byJob(swapped.job_id).id as string}`);
    expect(res.json()).toMatchObject({
      kind: 'swapImage', settings: { gender: 'female' },
      inputs: [{ field: 'face', media_id: byJob(prompted.job_id).id, origin: 'gallery' }, { field: 'target', url: '/media/templates/ImageTemplate/12.jpg', media_id: null, origin: 'template' }],
    });
    // Once the face is deleted, the image's details show the input as gone; the plan's allowance is
    // not given back (issue 45): the faces used this period stay as they were.
    const usage = async () => {
      const plan = await t.call(u, '/api/get_current_plan/', { user_id: u.userId });
      expect(plan.statusCode, plan.body).toBe(200);
      return plan.json().usage as Record<string, { used: number; limit: number }>;
    };
    const before = await usage();
    expect(before.faces!.used).toBe(2);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/media/${faceItem.id as string}`, headers: { authorization: `Bearer ${u.access}` } })).statusCode).toBe(204);
    expect(await usage()).toEqual(before);
    expect((await t.get(u, `/api/media/${byJob(image.job_id).id as string}`)).json().inputs).toEqual([{ field: 'face', url: null, media_id: null, origin: 'upload' }]);

    // Job views: when it started, its words and its input pictures (a template by its file).
    const view = (await t.get(u, `/api/jobs/${swapped.job_id}`)).json();
    expect(view).toMatchObject({ started_at: expect.any(String), source: { kind: 'template', text: 'Template 12' }, input_urls: [prompted.output, '/media/templates/ImageTemplate/12.jpg'] });
    expect(view.started_at <= view.finished_at).toBe(true);
    const listed = (await t.get(u, '/api/jobs')).json().jobs as Json[];
    expect(listed.find((j) => j.job_id === celebrities.job_id)).toMatchObject({ source: { kind: 'celebrities', text: 'Ada Lovelace, Grace Hopper, Hedy Lamarr' }, input_urls: [] });
    expect(listed.find((j) => j.job_id === image.job_id)).toMatchObject({ source: { kind: 'prompt', text: 'On a beach at dusk' }, input_urls: [celebrities.output] });
    // A finished job's result size, as its gallery item has it; none once that item is deleted.
    const sizeOf = (id: string) => ({ width: byJob(id).width, height: byJob(id).height, duration_seconds: byJob(id).duration_seconds });
    expect(listed.find((j) => j.job_id === clip.job_id)!.result_size).toEqual(sizeOf(clip.job_id));
    expect(listed.find((j) => j.job_id === image.job_id)!.result_size).toEqual({ ...sizeOf(image.job_id), duration_seconds: null });
    expect(listed.find((j) => j.job_id === celebrities.job_id)!.result_size).toBeNull();
    expect(view.result_size).toEqual(sizeOf(swapped.job_id));
    await t.app.close();
  });

  it('names the source of every kind from its input', () => {
    const stored = (key: string) => ({ type: 'stored', key });
    expect(sourceOf({ kind: 'upscale', gender: null, image: stored('gen/a.png'), scale: 2 })).toEqual({ kind: 'picture', text: '' });
    expect(sourceOf({ kind: 'swapVideo', gender: null, face: stored('gen/a.png'), target: stored('fetched/b.mp4') })).toEqual({ kind: 'link', text: '' });
    expect(sourceOf({ kind: 'swapVideo', gender: null, face: stored('gen/a.png'), target: { type: 'template', path: 'VideoTemplateMen/3.mp4' } })).toEqual({ kind: 'template', text: 'Template 3' });
    expect(sourceOf({ kind: 'clothSwap', person: stored('gen/a.png'), garment: stored('uploads/g.png'), category: 'tops' })).toEqual({ kind: 'upload', text: '' });
    expect(sourceOf({ kind: 'imageToVideo', image: stored('gen/a.png'), prompt: ' Waves ' })).toEqual({ kind: 'prompt', text: 'Waves' });
    expect(sourceOf({ kind: 'music', lyrics: 'la la', song: stored('uploads/s.mp3') })).toEqual({ kind: 'lyrics', text: 'la la' });
    expect(sourceOf({ kind: 'talking', gender: null, face: stored('gen/a.png'), text: 'Hello there' })).toEqual({ kind: 'text', text: 'Hello there' });
    expect(sourceOf({ kind: 'talking', gender: null, face: stored('gen/a.png'), voice: stored('uploads/v.wav') })).toEqual({ kind: 'upload', text: '' });
    expect(sourceOf({ kind: 'talking', gender: null, face: stored('gen/a.png'), song: stored('gen/s.mp3') })).toEqual({ kind: 'picture', text: '' });
    expect(sourceOf({ kind: 'image', gender: 'female', face: stored('gen/a.png'), prompt: 'x'.repeat(700) })!.text).toHaveLength(600);
    expect(sourceOf(null)).toBeNull();
  });
});
