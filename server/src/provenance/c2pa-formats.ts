// The file formats Content Credentials are signed into and read from, by media type.
import { BMFF, JPEG, MP3, PNG, type Asset } from '@trustnxt/c2pa-ts/asset';
import { BMFFHashAssertion } from '@trustnxt/c2pa-ts/manifest';
import { enableMp4, matchEachBoxOnPath } from './c2pa-bmff.ts';
import type { MarkedMime } from './types.ts';

/** Admits MP4 to c2pa-ts's BMFF code and lets its hash skip the manifest box beside our XMP box (see c2pa-bmff.ts); called by the signer factory, idempotent. */
export const prepareFormats = (): void => {
  enableMp4(BMFF);
  matchEachBoxOnPath(BMFFHashAssertion);
};

export interface AssetFormat {
  canRead(buf: Uint8Array): boolean;
  make(buf: Uint8Array): Asset;
}

export const FORMATS: Record<MarkedMime, AssetFormat> = {
  'image/png': { canRead: (b) => PNG.canRead(b), make: (b) => new PNG(b) },
  'image/jpeg': { canRead: (b) => JPEG.canRead(b), make: (b) => new JPEG(b) },
  'video/mp4': { canRead: (b) => BMFF.canRead(b), make: (b) => new BMFF(b) },
  'audio/mpeg': { canRead: (b) => MP3.canRead(b), make: (b) => new MP3(b) },
};
