// The last result of each screen, mode and gender, kept in the session under the spec's keys
// (document 2 §3) and restored when a screen opens. Faces, images and videos are AES-encrypted
// with crypto-js as the spec asks; every value is also copied to the persisted session so an
// installed app that reopens shows them again.
import { StudioSessionKey } from '../lib/persistedSession';
import AES from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';
import { getSession, SessionKey, setSession, type SessionKeyName } from '../lib/session';
import { RESULT_SECRET } from './secret';

export interface StoredResult {
  /** The media URL as the server gave it, without the time-stamp query. */
  url: string;
  /** The engine that made it ('local' results get a badge). */
  engine: string | null;
  /** When it was made (ms): the time-stamp query of its URL. */
  at: number;
  /** Media id for the gallery and downloads, when known. */
  jobId?: string;
}

const ENCRYPTED: ReadonlySet<SessionKeyName> = new Set([
  StudioSessionKey.faceCelebrity, StudioSessionKey.faceCelebrityMen, StudioSessionKey.facePrompt, StudioSessionKey.facePromptMen,
  StudioSessionKey.imagePrompt, StudioSessionKey.imagePromptMen, StudioSessionKey.imageLink, StudioSessionKey.imageLinkMen,
  StudioSessionKey.imageTemplate, StudioSessionKey.imageTemplateMen, StudioSessionKey.videoLink, StudioSessionKey.videoLinkMen,
  StudioSessionKey.videoTemplate, StudioSessionKey.videoTemplateMen,
]);

export const isEncryptedResultKey = (key: SessionKeyName): boolean => ENCRYPTED.has(key);

export function encodeResult(key: SessionKeyName, result: StoredResult): string {
  const json = JSON.stringify(result);
  return ENCRYPTED.has(key) ? AES.encrypt(json, RESULT_SECRET).toString() : json;
}

/** The stored result, or null when missing, unreadable or encrypted with another secret. */
export function decodeResult(key: SessionKeyName, raw: string | null): StoredResult | null {
  if (!raw) return null;
  try {
    const json = ENCRYPTED.has(key) ? AES.decrypt(raw, RESULT_SECRET).toString(Utf8) : raw;
    const value = JSON.parse(json) as Partial<StoredResult>;
    if (typeof value.url !== 'string' || !value.url) return null;
    return { url: value.url, engine: typeof value.engine === 'string' ? value.engine : null, at: Number(value.at) || 0, jobId: typeof value.jobId === 'string' ? value.jobId : undefined };
  } catch {
    return null;
  }
}

export function loadResult(key: SessionKeyName): StoredResult | null {
  return decodeResult(key, getSession(key));
}

export function saveResult(key: SessionKeyName, result: StoredResult): void {
  const raw = encodeResult(key, result);
  setSession(key, raw);
  void import('../lib/persistedSession').then((m) => m.persistSessionValues({ [key]: raw }));
}

/** Spec §3: result URLs get a time-stamp query so a browser never shows an older copy. */
export function withTimestamp(url: string, at: number): string {
  return `${url}${url.includes('?') ? '&' : '?'}t=${at}`;
}
