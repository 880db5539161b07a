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

/**
 * A swap's target: a template needs no consent; the user's link copy needs it, and the claim
 * returned carries the copy's own consent on to the job (or records one for a copy without).
 */
export function consentForTarget(target: MediaSource, given: unknown, call: string, field: string): ConsentClaim[] {
  if (target.type !== 'stored' || !target.key.startsWith(USER_FILE_PREFIX.fetched)) return [];
  requireConsent(given);
  return [{ call, field, link_url: null, storage_key: target.key, sha256: null }];
}
