import type { JobView } from './studio';

// The page <-> service worker message protocol. Both sides import these types; add new
// messages to the union and teach isSwMessage about them.

/** Page -> worker: activate the waiting worker now (workbox-window's messageSkipWaiting sends it). */
export interface SkipWaitingMessage {
  type: 'SKIP_WAITING';
}

/**
 * Page -> worker: fetch the site media images (the worker knows the list: it is built with
 * contract/site-media.ts) into the runtime cache in the background, so every public
 * page shows its images offline after the first visit. Missing files (the server may still be
 * generating them) are skipped and tried again on the next message.
 */
export interface WarmSiteMediaMessage {
  type: 'WARM_SITE_MEDIA';
}

/**
 * Page -> worker: follow this generation job (sw/jobPoller.ts) and announce its views on
 * JOBS_CHANNEL. Sent when a job starts or is picked up again, and every HEARTBEAT_MS while the
 * page still waits: each message keeps the worker alive a while longer.
 */
export interface FollowJobMessage {
  type: 'FOLLOW_JOB';
  jobId: string;
  userId: string;
}

/** Page -> worker: cache every template thumbnail (sw/templateThumbs.ts); the studio sends it once per load. */
export interface WarmTemplateThumbsMessage {
  type: 'WARM_TEMPLATE_THUMBS';
}

export type SwMessage = SkipWaitingMessage | WarmSiteMediaMessage | WarmTemplateThumbsMessage | FollowJobMessage;

export type SwMessageType = SwMessage['type'];

const SW_MESSAGE_TYPES: ReadonlySet<string> = new Set<SwMessageType>(['SKIP_WAITING', 'WARM_SITE_MEDIA', 'WARM_TEMPLATE_THUMBS', 'FOLLOW_JOB']);

/**
 * Worker -> page: Background Sync fired for the outbox; an open page sends the queued requests
 * (it holds the session and follows the jobs).
 */
export const FLUSH_OUTBOX = 'FLUSH_OUTBOX';
/** The Background Sync tag of the outbox, also the Web Lock that keeps two tabs from sending at once. */
export const OUTBOX_SYNC_TAG = 'persona-outbox';

/** Name of the runtime cache that holds site media images (page and worker agree on it). */
export const SITE_MEDIA_CACHE = 'site-media-images';

/**
 * The runtime cache of the user's own media (generated results, fetched sources, characters'
 * portraits: /media/gen/, /media/fetched/, /media/characters/portraits/): matched without the page's time-stamp query, bounded, and deleted by the page
 * at sign-out so the next person on the device never sees it.
 */
export const USER_MEDIA_CACHE = 'user-media';
// Characters' uploaded portraits too (issue 44: /characters and a profile open offline with their faces).
export const USER_MEDIA_PATH = /^\/media\/(gen|fetched|characters\/portraits)\//;
export const USER_MEDIA_MAX_ENTRIES = 200;
export const USER_MEDIA_MAX_BYTES = 150 * 1024 * 1024;

/**
 * Sent by the worker's background warm-ups: the server answers what it has and makes nothing on
 * the spot for them (a template it has not made yet is 404 until it has; the warm-up retries).
 */
export const WARM_UP_HEADER = 'x-cache-warm-up';

/** The byte budget of the worker's cache of every template thumbnail (sw/templateThumbs.ts; the build prints it). */
export const TEMPLATE_THUMBS_MAX_BYTES = 6 * 1024 * 1024;

/** Narrows untrusted `event.data` to a known message. */
export function isSwMessage(data: unknown): data is SwMessage {
  if (typeof data !== 'object' || data === null) return false;
  const { type, jobId, userId } = data as { type?: unknown; jobId?: unknown; userId?: unknown };
  if (typeof type !== 'string' || !SW_MESSAGE_TYPES.has(type)) return false;
  return type !== 'FOLLOW_JOB' || (typeof jobId === 'string' && jobId.length <= 64 && typeof userId === 'string');
}

/** The page re-sends FOLLOW_JOB this often while it waits (under the worker's 5-minute event limit). */
export const FOLLOW_HEARTBEAT_MS = 50_000;

/** Worker -> pages (BroadcastChannel JOBS_CHANNEL): the job as GET /api/jobs/{id} last answered. */
export interface JobNews {
  type: 'JOB_UPDATE';
  jobId: string;
  job: JobView;
}
export const JOBS_CHANNEL = 'persona-jobs';

/**
 * Worker -> worker (WORKER_CONTROL_CHANNEL): a newer worker was asked to take over (SKIP_WAITING).
 * Chromium activates it only once the worker in control has settled its events, and that one
 * holds events open while it follows a job (until the job ends) and warms caches (up to two
 * minutes): Reload waited for them. So the worker in control stops both at once; the pages ask
 * the new one (FOLLOW_JOB), which goes on from what IndexedDB keeps.
 */
export interface WorkerHandOver {
  type: 'WORKER_HANDOVER';
}

/**
 * Worker -> worker (WORKER_CONTROL_CHANNEL): the worker in control is running an event while a newer
 * one waits. Chromium asks the worker in control to go idle at once only if it is running when
 * skipWaiting() is called; one stopped then but woken a moment later (a page's request or message:
 * seen as often as one Reload in five on a busy machine) is left to its idle timeout (30 s, and
 * never while DevTools is attached), and Reload did nothing all that time. So it says when it
 * wakes, and a waiting worker that was asked to take over calls skipWaiting() again.
 */
export interface WorkerAwake {
  type: 'WORKER_AWAKE';
}

export const WORKER_CONTROL_CHANNEL = 'persona-sw-control';

const controlType = (data: unknown): unknown => (typeof data === 'object' && data !== null ? (data as { type?: unknown }).type : undefined);
export const isWorkerHandOver = (data: unknown): data is WorkerHandOver => controlType(data) === 'WORKER_HANDOVER';
export const isWorkerAwake = (data: unknown): data is WorkerAwake => controlType(data) === 'WORKER_AWAKE';

export function isJobNews(data: unknown): data is JobNews {
  const news = data as Partial<JobNews> | null;
  return typeof news === 'object' && news !== null && news.type === 'JOB_UPDATE' && typeof news.jobId === 'string' && typeof news.job === 'object' && news.job !== null;
}


/**
 * The studio's IndexedDB stores of the user's own data (database and object store names): the
 * gallery's last data, shown offline, and the outbox of generation calls waiting for the network.
 * Cleared with the session at sign-out, like the user-media cache.
 */
export const GALLERY_DB = { name: 'persona-gallery', store: 'gallery' } as const;
export const OUTBOX_DB = { name: 'persona-outbox', store: 'requests' } as const;
/** The user's characters (issue 44), the one chosen on this device, and each one's last outputs, for /characters offline. */
export const CHARACTERS_DB = { name: 'persona-characters', store: 'characters' } as const;
/** The jobs the worker follows, and their last views once they ended (a page opened later reads them). */
export const JOBS_DB = { name: 'persona-jobs', store: 'jobs' } as const;
