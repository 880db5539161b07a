// The gallery's edits (issue 45). A favourite shows at once and goes back, said, if the server
// does not take it. Delete with Undo: an item leaves the gallery at once, but DELETE is sent only after
// 10 s without Undo, or at once when the user leaves the gallery (flushDeletes) or the tab
// (pagehide: a keepalive request). Undo sends nothing. A delete the server did not take
// (offline, a failure) puts the items back and says so: nothing is lost.
import { create } from 'zustand';
import { MEDIA_BULK_MAX } from '../../contract/media';
import { API_BASE, ApiError } from '../api/client';
import { mediaApi } from '../api/media';
import { getSession, SessionKey } from '../lib/session';
import { useGalleryStore } from './galleryStore';

export const UNDO_MS = 10_000;

export interface PendingDelete {
  key: number;
  ids: readonly string[];
  /** What the notice calls it: 'Image 3' or '4 items'. */
  label: string;
}

interface EditsState {
  pending: readonly PendingDelete[];
  /** Ids hidden from every list while their delete waits or is being sent. */
  hidden: ReadonlySet<string>;
  /** Favourites set on this page, over what the items say (search results are not in the store). */
  favourites: ReadonlyMap<string, boolean>;
  /** The last edit the server did not take, said on the page until dismissed. */
  failure: string | null;
}

export const useGalleryEdits = create<EditsState>(() => ({ pending: [], hidden: new Set(), favourites: new Map(), failure: null }));

const timers = new Map<number, ReturnType<typeof setTimeout>>();
let nextKey = 1;

const hide = (ids: readonly string[], on: boolean) =>
  useGalleryEdits.setState((s) => {
    const hidden = new Set(s.hidden);
    for (const id of ids) on ? hidden.add(id) : hidden.delete(id);
    return { hidden };
  });

const take = (key: number): PendingDelete | undefined => {
  const entry = useGalleryEdits.getState().pending.find((p) => p.key === key);
  clearTimeout(timers.get(key));
  timers.delete(key);
  useGalleryEdits.setState((s) => ({ pending: s.pending.filter((p) => p.key !== key) }));
  return entry;
};

async function send(entry: PendingDelete): Promise<void> {
  try {
    if (entry.ids.length === 1) await mediaApi.remove(entry.ids[0]!);
    else for (let i = 0; i < entry.ids.length; i += MEDIA_BULK_MAX) await mediaApi.removeMany(entry.ids.slice(i, i + MEDIA_BULK_MAX));
    useGalleryStore.getState().dropItems(entry.ids);
    hide(entry.ids, false);
  } catch (err) {
    hide(entry.ids, false);
    useGalleryEdits.setState({ failure: `${entry.label} could not be deleted (${why(err)}), so ${entry.ids.length === 1 ? 'it is' : 'they are'} back in your gallery.` });
  }
}

const why = (err: unknown) => (err instanceof ApiError && err.status === 0 ? 'you seem to be offline' : err instanceof Error ? err.message : 'the server did not answer');

/** Marks or unmarks `ids` a favourite: shown at once, put back (and said) when the server refuses. */
export async function setFavourite(ids: readonly string[], favourite: boolean, label: string): Promise<void> {
  const mark = (on: boolean) => {
    useGalleryStore.getState().patchItems(ids, { favourite: on });
    useGalleryEdits.setState((s) => ({ favourites: new Map([...s.favourites, ...ids.map((id) => [id, on] as const)]) }));
  };
  mark(favourite);
  useGalleryEdits.setState({ failure: null });
  try {
    if (ids.length === 1) await mediaApi.favourite(ids[0]!, favourite);
    else for (let i = 0; i < ids.length; i += MEDIA_BULK_MAX) await mediaApi.favouriteMany(ids.slice(i, i + MEDIA_BULK_MAX), favourite);
  } catch (err) {
    mark(!favourite);
    useGalleryEdits.setState({ failure: `${label} could not be ${favourite ? 'marked a favourite' : 'unmarked'} (${why(err)}). Nothing was changed.` });
  }
}

/** Hides `ids` now and deletes them in 10 s unless undone; answers the entry's key. */
export function deleteLater(ids: readonly string[], label: string): number {
  const key = nextKey++;
  hide(ids, true);
  useGalleryEdits.setState((s) => ({ pending: [...s.pending, { key, ids, label }], failure: null }));
  timers.set(
    key,
    setTimeout(() => {
      const entry = take(key);
      if (entry) void send(entry);
    }, UNDO_MS),
  );
  return key;
}

/** Undo: the items come back; nothing is sent. */
export function undoDelete(key: number): void {
  const entry = take(key);
  if (entry) hide(entry.ids, false);
}

/** Sends every waiting delete now (the user leaves the gallery). */
export function flushDeletes(): Promise<void> {
  const entries = useGalleryEdits.getState().pending.map((p) => take(p.key)).filter((e): e is PendingDelete => e !== undefined);
  return Promise.all(entries.map(send)).then(() => undefined);
}

export const dismissEditFailure = () => useGalleryEdits.setState({ failure: null });

/**
 * The tab goes (closed, reloaded, navigated away): the waiting deletes go out as keepalive
 * requests, which outlive the page. Answers a function that stops listening.
 */
export function sendDeletesOnPageHide(): () => void {
  const onHide = () => {
    const ids = useGalleryEdits.getState().pending.flatMap((p) => p.ids);
    const token = getSession(SessionKey.accessToken);
    if (ids.length === 0 || !token) return;
    for (const p of useGalleryEdits.getState().pending) take(p.key);
    for (let i = 0; i < ids.length; i += MEDIA_BULK_MAX)
      void fetch(`${API_BASE}/media/delete`, {
        method: 'POST',
        keepalive: true,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ids: ids.slice(i, i + MEDIA_BULK_MAX) }),
      }).catch(() => undefined);
  };
  addEventListener('pagehide', onHide);
  return () => removeEventListener('pagehide', onHide);
}

/** Whether an item is a favourite: as marked on this page, else as the server said. */
export const useFavourite = (id: string, fromServer: boolean | undefined): boolean => useGalleryEdits((s) => s.favourites.get(id)) ?? fromServer ?? false;
