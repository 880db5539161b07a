// Issue 45's gallery logic without a browser: what a card says of an item, the selection's
// ranges, and delete with Undo (nothing sent on Undo, sent after 10 s or when the page is left,
// put back and said when the server does not take it), favourites put back on a refusal.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GalleryResponse } from '../../contract/studio';
import { ApiError } from '../../src/api/client';
import { mediaApi } from '../../src/api/media';
import { deleteLater, flushDeletes, setFavourite, undoDelete, UNDO_MS, useGalleryEdits } from '../../src/studio/galleryEdits';
import { dateWords, itemsOf, sizeWords, sourceWords } from '../../src/studio/galleryItems';
import { searchSaved } from '../../src/studio/gallerySearch';
import { selectAll, toggleSelected, useGallerySelection } from '../../src/studio/gallerySelection';

const data: GalleryResponse = {
  faces: [],
  images: [
    { id: 'i1', created_at: '2026-11-28T10:00:00Z', image_url: '/media/i1.png', gender: 'female', upscaled_from: null, scale: null, favourite: true, source: { kind: 'prompt', text: 'A girl on a beach' }, engine: 'local', width: 1536, height: 2048, duration_seconds: null },
    { id: 'i2', created_at: '2026-11-27T10:00:00Z', image_url: '/media/i2.png', gender: 'female', upscaled_from: null, scale: null },
  ],
  videos: [{ id: 'v1', created_at: '2026-11-28T10:00:00Z', video_url: '/media/v1.mp4', source: { kind: 'upload', text: '' }, width: 640, height: 360, duration_seconds: 72.4 }],
  cloth: [],
  audio: [{ id: 'a1', created_at: '2026-11-28T10:00:00Z', audio_url: '/media/a1.mp3', source: { kind: 'lyrics', text: 'la la' }, duration_seconds: 9.6 }],
  gen_video: [],
};

describe('what a card says of an item', () => {
  it('reads the new fields, and items from an older server or cache without them', () => {
    const [first, second] = itemsOf(data, 'images');
    expect(first).toMatchObject({ favourite: true, engine: 'local', width: 1536, height: 2048, source: { kind: 'prompt', text: 'A girl on a beach' } });
    expect(second).toMatchObject({ favourite: false, engine: null, width: null, source: null });
  });
  it('source words: the text, or the label of an upload, link or picture; null when not known', () => {
    expect(sourceWords({ kind: 'prompt', text: 'A girl on a beach' })).toBe('A girl on a beach');
    expect(sourceWords({ kind: 'upload', text: '' })).toBe('From your upload');
    expect(sourceWords({ kind: 'link', text: '' })).toBe('From your link');
    expect(sourceWords({ kind: 'picture', text: '' })).toBe('From your picture');
    expect(sourceWords(null)).toBeNull();
  });
  it('size: a picture\'s resolution, a video\'s resolution and length, a song\'s length', () => {
    expect(sizeWords(itemsOf(data, 'images')[0]!)).toBe('1536 × 2048');
    expect(sizeWords(itemsOf(data, 'videos')[0]!)).toBe('640 × 360, 1:12');
    expect(sizeWords(itemsOf(data, 'audio')[0]!)).toBe('0:10');
    expect(sizeWords(itemsOf(data, 'images')[1]!)).toBeNull();
    expect(dateWords(undefined)).toBe('');
  });
  it('offline search of the device\'s copy: favourites only', () => {
    const all = { q: '', kinds: ['images' as const], from: '', to: '', character: '' };
    expect(searchSaved(data, { ...all, favourites: true }).images!.map((i) => i.id)).toEqual(['i1']);
    expect(searchSaved(data, all).images!.map((i) => i.id)).toEqual(['i1', 'i2']);
  });
});

describe('selection', () => {
  const order = ['a', 'b', 'c', 'd', 'e'];
  beforeEach(() => useGallerySelection.setState({ selected: new Set(), anchor: null }));
  it('a click picks one; a shift-click picks the range from the last one picked; again unpicks', () => {
    toggleSelected('b', false, order);
    toggleSelected('d', true, order);
    expect([...useGallerySelection.getState().selected].sort()).toEqual(['b', 'c', 'd']);
    toggleSelected('c', false, order);
    expect([...useGallerySelection.getState().selected].sort()).toEqual(['b', 'd']);
    selectAll(order);
    expect(useGallerySelection.getState().selected.size).toBe(5);
  });
});

describe('delete with Undo', () => {
  let remove: ReturnType<typeof vi.spyOn>;
  let removeMany: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    vi.useFakeTimers();
    useGalleryEdits.setState({ pending: [], hidden: new Set(), favourites: new Map(), failure: null });
    remove = vi.spyOn(mediaApi, 'remove').mockResolvedValue({ status: 204, data: undefined } as never);
    removeMany = vi.spyOn(mediaApi, 'removeMany').mockResolvedValue({ status: 200, data: { count: 2 } } as never);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('hides the item at once and sends DELETE only after 10 s', async () => {
    deleteLater(['i1'], 'Image 1');
    expect(useGalleryEdits.getState().hidden.has('i1')).toBe(true);
    await vi.advanceTimersByTimeAsync(UNDO_MS - 1);
    expect(remove).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(remove).toHaveBeenCalledWith('i1');
    expect(useGalleryEdits.getState().pending).toEqual([]);
  });

  it('Undo brings it back and sends nothing, ever', async () => {
    const key = deleteLater(['i1', 'i2'], '2 items');
    undoDelete(key);
    expect(useGalleryEdits.getState().hidden.size).toBe(0);
    await vi.advanceTimersByTimeAsync(UNDO_MS * 2);
    expect(remove).not.toHaveBeenCalled();
    expect(removeMany).not.toHaveBeenCalled();
  });

  it('leaving the page sends the waiting deletes at once (many in one request)', async () => {
    deleteLater(['i1', 'i2'], '2 items');
    await flushDeletes();
    expect(removeMany).toHaveBeenCalledWith(['i1', 'i2']);
    await vi.advanceTimersByTimeAsync(UNDO_MS);
    expect(removeMany).toHaveBeenCalledTimes(1);
  });

  it('offline: the items come back and the page says so', async () => {
    remove.mockRejectedValue(new ApiError(0, undefined, 'offline'));
    deleteLater(['i1'], 'Image 1');
    await vi.advanceTimersByTimeAsync(UNDO_MS);
    expect(useGalleryEdits.getState().hidden.has('i1')).toBe(false);
    expect(useGalleryEdits.getState().failure).toBe('Image 1 could not be deleted (you seem to be offline), so it is back in your gallery.');
  });

  it('a favourite the server refuses is put back and said', async () => {
    vi.spyOn(mediaApi, 'favourite').mockRejectedValue(new ApiError(0, undefined, 'offline'));
    await setFavourite(['i2'], true, 'Image 2');
    expect(useGalleryEdits.getState().favourites.get('i2')).toBe(false);
    expect(useGalleryEdits.getState().failure).toBe('Image 2 could not be marked a favourite (you seem to be offline). Nothing was changed.');
  });
});
