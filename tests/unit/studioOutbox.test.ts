// The outbox keeps a generation call as IndexedDB can store it and gives back the same call.
import { describe, expect, it } from 'vitest';
import type { GenerationCall } from '../../src/studio/jobs';
import { batchIn, callOf, queuedBatch, queuedRequest } from '../../src/studio/outbox';
import { batchOf } from '../../src/studio/batches';

describe('the generation outbox (issue 15)', () => {
  it('gives back a JSON call as it was, with the key, user and slot it was queued under', () => {
    const call = { path: '/generate-image-prompt/', body: { user_id: 'u1', prompt: 'By the sea', face_url: '/media/gen/a.png' } };
    const request = queuedRequest('u1', 'generatedImagePrompt', 'key-1', call);
    expect(request).toMatchObject({ key: 'key-1', userId: 'u1', slot: 'generatedImagePrompt', path: call.path });
    expect(callOf(request)).toEqual({ call });
    // A copy: changing the page's object later does not change what is sent.
    call.body.prompt = 'changed';
    expect(callOf(request)).toEqual({ call: { ...call, body: { ...call.body, prompt: 'By the sea' } } });
  });

  it('keeps the consent a link swap was sent with (issue 26)', () => {
    const call = { path: '/face-swap/', body: { user_id: 'u1', input_image_url: '/media/gen/a.png', target_video_url: '/media/fetched/b.mp4', consent: true } };
    expect(callOf(queuedRequest('u1', 'generatedVideoLink', 'key-3', call))).toEqual({ call });
  });

  it('keeps an upload as a Blob with its file name, and rebuilds the form in order', async () => {
    const form = new FormData();
    form.append('user_id', 'u1');
    form.append('cloth_image', new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'garment.png', { type: 'image/png' }));
    form.append('category', 'tops');
    form.append('consent', 'true');
    const request = queuedRequest('u1', 'genrated_cloth_image', 'key-2', { path: '/cloth-swap/', body: form });
    expect('form' in request.body && request.body.form.map(([name]) => name)).toEqual(['user_id', 'cloth_image', 'category', 'consent']);
    const sent = (callOf(request) as { call: GenerationCall }).call.body as FormData;
    expect([...sent.keys()]).toEqual(['user_id', 'cloth_image', 'category', 'consent']);
    const file = sent.get('cloth_image') as File;
    expect(file.name).toBe('garment.png');
    const bytes = await new Promise<ArrayBuffer>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.readAsArrayBuffer(file);
    });
    expect([...new Uint8Array(bytes)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(sent.get('category')).toBe('tops');
    expect(sent.get('consent')).toBe('true');
  });

  it('keeps a batch (issue 29) as one JSON record of its call and items, a copy, and gives it back as a batch', () => {
    const calls = ['a.webp', 'b.webp'].map((image) => ({ path: '/generate-image-temp/', body: { user_id: 'u1', face: '/media/gen/f.png', image } }));
    const batch = batchOf(calls);
    expect(batch).toEqual({ call: '/generate-image-temp/', items: calls.map((c) => c.body) });
    const request = queuedBatch('u1', 'generatedImageTemplate:batch', 'key-4', batch);
    expect(request).toMatchObject({ key: 'key-4', userId: 'u1', slot: 'generatedImageTemplate:batch', path: '/batches', body: { json: batch } });
    calls[0]!.body.image = 'changed';
    batch.items[1]!.image = 'changed too';
    expect(callOf(request)).toEqual({ batch: { call: '/generate-image-temp/', items: [{ user_id: 'u1', face: '/media/gen/f.png', image: 'a.webp' }, { user_id: 'u1', face: '/media/gen/f.png', image: 'b.webp' }] } });
    expect(batchIn(request)?.items).toHaveLength(2);
    expect(batchIn(queuedRequest('u1', 'generatedImagePrompt', 'key-5', { path: '/generate-image-prompt/', body: { user_id: 'u1', prompt: 'x' } }))).toBeNull();
  });

  it('refuses to batch a call that sends files', () => {
    const form = new FormData();
    form.append('user_id', 'u1');
    expect(() => batchOf([{ path: '/cloth-swap/', body: form }])).toThrow('/cloth-swap/ sends files and cannot be batched.');
  });
});
