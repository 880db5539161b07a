// Consent before outside media of a person is used (issue 26): a link, a linked copy as a swap's
// target, a garment photo, a voice file. Asked after the spec's own checks and before anything is
// fetched or stored; recorded with what it covers by the download route or the job service.
import { STUDIO_MESSAGES } from '../../../../contract/studio.ts';
import { HttpError } from '../../http-error.ts';
import type { MediaSource } from '../../jobs/kinds.ts';
import type { ConsentClaim } from '../../jobs/service.ts';
import { USER_FILE_PREFIX } from '../../storage/user-files.ts';

/** 400 `{error, field: 'consent'}` unless the request said consent: true (JSON true, or the multipart text 'true'). */
export function requireConsent(given: unknown): void {
  if (given !== true && given !== 'true') throw new HttpError(400, STUDIO_MESSAGES.consent, 'consent');
}

/** A swap target that is the user's link copy (not a template): outside media. */
export const isLinkCopy = (source: MediaSource): source is Extract<MediaSource, { type: 'stored' }> =>
  source.type === 'stored' && source.key.startsWith(USER_FILE_PREFIX.fetched);

/** The claim a swap call makes for its linked target: the copy's own consent is carried on when it has one. */
export const linkCopyClaim = (call: string, field: string, key: string): ConsentClaim => ({ call, field, link_url: null, storage_key: key, sha256: null });
