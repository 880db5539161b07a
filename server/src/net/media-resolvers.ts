// /download/ and /download_link/: a link resolved to the media it shows, behind one interface:
// a public Instagram post or reel page (its og:video or og:image), else a direct media URL. Every
// fetch goes through safe-fetch; the media's real type is judged by its magic bytes.
import { HttpError } from '../http-error.ts';
import { imageTypeOf, readHead, videoTypeOf, type FileClass } from '../media/magic.ts';
import { FetchFailedError, FetchRefusedError, safeDownload, safeFetch, type Resolve } from './safe-fetch.ts';

export type MediaKindWanted = Extract<FileClass, 'image' | 'video'>;

export interface ResolverDeps {
  allowHosts: readonly string[];
  /** Hosts whose pages are read as Instagram posts (tests add a local fake). */
  instagramHosts?: readonly string[];
  resolve?: Resolve;
  timeoutMs?: number;
}

export interface MediaResolver {
  readonly name: string;
  matches(url: URL, deps: ResolverDeps): boolean;
  resolve(url: URL, kind: MediaKindWanted, deps: ResolverDeps): Promise<string>;
}

const INSTAGRAM_HOSTS = ['instagram.com', 'www.instagram.com', 'm.instagram.com'];
const PAGE_MAX_BYTES = 2 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 20_000;
export const DOWNLOAD_FAILED = 'Failed to download media from Instagram.';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'", '#x27': "'", '#x2F': '/', '#47': '/' };
const decodeEntities = (s: string) => s.replace(/&(#?\w+);/g, (m, name: string) => ENTITIES[name] ?? (name.startsWith('#x') ? String.fromCodePoint(parseInt(name.slice(2), 16)) : name.startsWith('#') ? String.fromCodePoint(Number(name.slice(1))) : m));

/** The content of <meta property="og:…"> (either attribute order), entities decoded. */
export function metaContent(html: string, property: string): string | null {
  for (const tag of html.match(/<meta\b[^>]*>/gi) ?? []) {
    const attrs = new Map<string, string>();
    for (const [, name, dq, sq] of tag.matchAll(/([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) attrs.set(name!.toLowerCase(), dq ?? sq ?? '');
    if ((attrs.get('property') ?? attrs.get('name'))?.toLowerCase() === property && attrs.get('content')) return decodeEntities(attrs.get('content')!);
  }
  return null;
}

const hostOf = (url: URL) => url.host.toLowerCase();

export const instagramResolver: MediaResolver = {
  name: 'instagram',
  matches: (url, deps) => (deps.instagramHosts ?? INSTAGRAM_HOSTS).includes(hostOf(url)) || (deps.instagramHosts ?? INSTAGRAM_HOSTS).includes(url.hostname.toLowerCase()),
  async resolve(url, kind, deps) {
    if (!/^\/(p|reel|reels|tv)\/[\w-]+/.test(url.pathname)) throw new HttpError(400, DOWNLOAD_FAILED, 'instagram_url');
    const page = await safeFetch(url.href, { allowHosts: deps.allowHosts, resolve: deps.resolve, maxBytes: PAGE_MAX_BYTES, timeoutMs: deps.timeoutMs ?? DEFAULT_TIMEOUT_MS, accept: 'text/html' });
    const html = page.body.toString('utf8');
    const found = kind === 'video' ? (metaContent(html, 'og:video:secure_url') ?? metaContent(html, 'og:video')) : metaContent(html, 'og:image');
    if (!found) throw new HttpError(400, DOWNLOAD_FAILED, 'instagram_url');
    return new URL(found, page.url).href;
  },
};

/** Any other http(s) link is taken as the media itself (its bytes decide whether it is). */
export const directResolver: MediaResolver = {
  name: 'direct',
  matches: (url) => url.protocol === 'http:' || url.protocol === 'https:',
  resolve: async (url) => url.href,
};

const RESOLVERS: readonly MediaResolver[] = [instagramResolver, directResolver];

const linkMessage = (kind: MediaKindWanted) => (kind === 'image' ? 'Please provide an Instagram link.' : 'Please provide a valid Instagram link.');

/** A link the user gave and the resolver for it, or 400 with the spec's alert; reads nothing from the network. */
export function parseMediaLink(input: string, kind: MediaKindWanted, deps: ResolverDeps): { url: URL; resolver: MediaResolver } {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw new HttpError(400, linkMessage(kind), 'instagram_url');
  }
  const resolver = RESOLVERS.find((r) => r.matches(url, deps));
  if (!resolver) throw new HttpError(400, linkMessage(kind), 'instagram_url');
  return { url, resolver };
}

/** The media URL behind a link the user gave. */
export async function resolveMediaUrl(input: string, kind: MediaKindWanted, deps: ResolverDeps): Promise<{ mediaUrl: string; resolver: string }> {
  return resolveParsedLink(parseMediaLink(input, kind, deps), kind, deps);
}

/** The media URL behind a link `parseMediaLink` accepted. */
export async function resolveParsedLink({ url, resolver }: { url: URL; resolver: MediaResolver }, kind: MediaKindWanted, deps: ResolverDeps): Promise<{ mediaUrl: string; resolver: string }> {
  try {
    return { mediaUrl: await resolver.resolve(url, kind, deps), resolver: resolver.name };
  } catch (err) {
    throw asUserError(err);
  }
}

/** A fetch failure as the user sees it (never the address it tried). */
function asUserError(err: unknown): Error {
  if (err instanceof HttpError) return err;
  if (err instanceof FetchRefusedError) return new HttpError(400, err.message, 'instagram_url');
  if (err instanceof FetchFailedError) return new HttpError(400, `${DOWNLOAD_FAILED} ${err.message}`, 'instagram_url');
  return err as Error;
}

export interface FetchedMedia {
  mime: string;
  ext: string;
  bytes: number;
}

/** Downloads the media into `file` and checks it is the kind wanted by its bytes. */
export async function fetchMediaToFile(mediaUrl: string, file: string, kind: MediaKindWanted, deps: ResolverDeps & { maxBytes: number }): Promise<FetchedMedia> {
  let bytes: number;
  try {
    ({ bytes } = await safeDownload(mediaUrl, file, { allowHosts: deps.allowHosts, resolve: deps.resolve, maxBytes: deps.maxBytes, timeoutMs: deps.timeoutMs ?? 60_000 }));
  } catch (err) {
    throw asUserError(err);
  }
  const head = await readHead(file);
  const type = kind === 'image' ? imageTypeOf(head) : videoTypeOf(head);
  if (!type) throw new HttpError(400, kind === 'image' ? 'The link is not a PNG, JPEG or WEBP picture.' : 'The link is not an MP4 or WebM video.', 'instagram_url');
  return { ...type, bytes };
}
