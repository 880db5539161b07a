// The worker's URLs, built from the same build-time settings the page reads (src/api/client.ts,
// src/content/media.ts); Vite bakes them in. Unset or blank gives the same-origin default.
const env = (import.meta as ImportMeta & { env: Record<string, unknown> }).env;

function base(value: unknown, fallback: string): string {
  return (typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback).replace(/\/+$/, '');
}

/** The API's base URL, without a trailing slash. */
export const API_BASE = base(env.VITE_BACKEND_URL, '/api');

const MEDIA_BASE = base(env.VITE_MEDIA_BASE_URL, '/media');

/** siteMediaUrl('carousel/01.webp') -> '/media/site/carousel/01.webp'. */
export function siteMediaUrl(path: string): string {
  return `${MEDIA_BASE}/site/${path.replace(/^\/+/, '')}`;
}

/** templateUrl('thumbs/ImageTemplate/3.jpg') -> '/media/templates/thumbs/ImageTemplate/3.jpg'. */
export function templateUrl(path: string): string {
  return `${MEDIA_BASE}/templates/${path}`;
}
