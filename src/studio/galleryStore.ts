// The user's gallery (POST /gallery/), loaded once per screen visit and refreshed after every
// generation that succeeds (spec §4). The face pickers read the faces from here. The last data
// is kept on the device (IndexedDB), shown at once while the fresh copy loads, and instead of
// it when the network is gone, so the gallery opens offline, even in a reopened app.
import { createStore, get as readStored, set as store, type UseStore } from 'idb-keyval';
import { create } from 'zustand';
import { GALLERY_DB } from '../../contract/sw-messages';
import type { GalleryResponse } from '../../contract/studio';
import { api, ApiError } from '../api/client';
import { getSession, SessionKey } from '../lib/session';

export type GalleryData = GalleryResponse;
export type GalleryFace = GalleryData['faces'][number];
export type Gender = 'female' | 'male';

/**
 * `savedAt`: the data is the device's copy from that time, not (yet) the server's; `stale`:
 * a fresh one could not be loaded (offline, or the server failing).
 */
type GalleryLoad = { state: 'idle' } | { state: 'loading' } | { state: 'ready'; data: GalleryData; savedAt?: number; stale?: boolean } | { state: 'error'; message: string };

export interface SavedGallery {
  data: GalleryData;
  savedAt: number;
}

let db: UseStore | null = null;
const galleryDb = () => (db ??= createStore(GALLERY_DB.name, GALLERY_DB.store));
/** The device's copy, if it has one (none without IndexedDB). */
export async function readSaved(userId: string): Promise<SavedGallery | undefined> {
  try {
    return await readStored<SavedGallery>(userId, galleryDb());
  } catch {
    return undefined;
  }
}

async function save(userId: string, data: GalleryData): Promise<void> {
  try {
    await store(userId, { data, savedAt: Date.now() } satisfies SavedGallery, galleryDb());
  } catch {
    // No IndexedDB: the gallery just is not kept for offline use.
  }
}

interface GalleryState {
  /** The user the data belongs to: another sign-in in the same tab starts afresh. */
  userId: string | null;
  load: GalleryLoad;
  /** Faces chosen in the pickers, most recent first, per gender (spec: the chosen face moves to the front). */
  chosen: Record<Gender, string[]>;
  /** Loads unless loaded for this user (or `force`). */
  fetch: (force?: boolean) => Promise<void>;
  choose: (gender: Gender, faceId: string) => void;
  /** Issue 45: changes the shown items (and the device's copy) after the server agreed: a favourite set, items deleted. */
  patchItems: (ids: readonly string[], change: { favourite: boolean }) => void;
  dropItems: (ids: readonly string[]) => void;
}

type AnyItem = { id: string } & Record<string, unknown>;
/** Every group's items mapped by `change` (null drops the item). */
function mapItems(data: GalleryData, change: (item: AnyItem) => AnyItem | null): GalleryData {
  const out: Record<string, unknown> = { ...data };
  for (const [group, items] of Object.entries(data)) {
    if (Array.isArray(items)) out[group] = (items as AnyItem[]).map(change).filter((i): i is AnyItem => i !== null);
  }
  return out as unknown as GalleryData;
}

let inFlight: Promise<void> | null = null;

export const useGalleryStore = create<GalleryState>((set, get) => ({
  userId: null,
  load: { state: 'idle' },
  chosen: { female: [], male: [] },
  fetch: (force = false) => {
    const userId = getSession(SessionKey.userId);
    if (!userId) return Promise.resolve();
    const { load, userId: owner } = get();
    if (owner !== userId) set({ userId, load: { state: 'idle' }, chosen: { female: [], male: [] } });
    else if (!force && (load.state === 'ready' || load.state === 'loading')) return inFlight ?? Promise.resolve();
    // A refresh keeps showing the data it replaces; a first load shows the device's copy meanwhile.
    if (get().load.state !== 'ready') {
      set({ load: { state: 'loading' } });
      void readSaved(userId).then((saved) => {
        if (saved && get().load.state !== 'ready' && getSession(SessionKey.userId) === userId) set({ load: { state: 'ready', data: saved.data, savedAt: saved.savedAt } });
      });
    }
    inFlight = api
      .post<GalleryData>('/gallery/', { user_id: userId }, { securityKey: true })
      .then((res) => {
        if (getSession(SessionKey.userId) !== userId) return;
        set({ load: { state: 'ready', data: res.data } });
        void save(userId, res.data);
      })
      .catch(async (err: unknown) => {
        const shown = get().load;
        // Keep the last data; the next refresh tries again.
        if (shown.state === 'ready') return void (shown.savedAt && set({ load: { ...shown, stale: true } }));
        const saved = await readSaved(userId);
        if (saved && getSession(SessionKey.userId) === userId) return set({ load: { state: 'ready', data: saved.data, savedAt: saved.savedAt, stale: true } });
        const message = err instanceof ApiError && err.status === 0 ? 'The gallery could not be loaded: you seem to be offline.' : 'The gallery could not be loaded. Please try again.';
        set({ load: { state: 'error', message } });
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  },
  choose: (gender, faceId) =>
    set((s) => ({ chosen: { ...s.chosen, [gender]: [faceId, ...s.chosen[gender].filter((id) => id !== faceId)] } })),
  patchItems: (ids, change) => update((item) => (ids.includes(item.id) ? { ...item, ...change } : item)),
  dropItems: (ids) => update((item) => (ids.includes(item.id) ? null : item)),
}));

/** Applies `change` to the shown data and keeps it on the device (offline, the gallery opens as it was left). */
function update(change: (item: AnyItem) => AnyItem | null): void {
  const { load, userId } = useGalleryStore.getState();
  if (load.state !== 'ready' || !userId) return;
  const data = mapItems(load.data, change);
  useGalleryStore.setState({ load: { ...load, data } });
  void save(userId, data);
}

/** The user's faces of one gender, chosen ones first (most recent choice first), then newest first. */
export function orderedFaces(data: GalleryData | null, gender: Gender, chosen: readonly string[]): GalleryFace[] {
  const faces = (data?.faces ?? []).filter((f) => f.gender === gender || (f.gender === null && gender === 'female'));
  const rank = (f: GalleryFace) => {
    const i = chosen.indexOf(f.id);
    return i === -1 ? Number.MAX_SAFE_INTEGER : i;
  };
  return faces.map((f, i) => ({ f, i })).sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i).map(({ f }) => f);
}

/** A hook for the ready gallery data (null until loaded), loading it on first use. */
export function galleryData(state: GalleryState): GalleryData | null {
  return state.load.state === 'ready' && state.userId === getSession(SessionKey.userId) ? state.load.data : null;
}

/** When the shown data is the device's copy because no fresh one could be loaded: its time. */
export function staleCopySavedAt(state: GalleryState): number | null {
  return state.load.state === 'ready' && state.load.stale && state.load.savedAt ? state.load.savedAt : null;
}
