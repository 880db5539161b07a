// The facts every stored output's AI marks are written from (EU AI Act Art. 50(2)): the IPTC
// DigitalSourceType (XMP in the file, ID3 in a song) and a signed C2PA manifest. The runner
// gathers them per job (server/src/provenance/source-type.ts); the XMP writer and the C2PA
// signer read them.

/** IPTC digital source types (http://cv.iptc.org/newscodes/digitalsourcetype/) our outputs can have. */
export type DigitalSourceType = 'algorithmicMedia' | 'trainedAlgorithmicMedia' | 'compositeSynthetic' | 'compositeWithTrainedAlgorithmicMedia';

export const DIGITAL_SOURCE_TYPE_BASE = 'http://cv.iptc.org/newscodes/digitalsourcetype/';

/** The code's full URI, as XMP and C2PA write it. */
export const digitalSourceTypeUri = (type: DigitalSourceType): string => DIGITAL_SOURCE_TYPE_BASE + type;

/** The stored output kinds that carry marks. */
export type MarkedMime = 'image/png' | 'image/jpeg' | 'video/mp4' | 'audio/mpeg';

/** Outside media (the user's upload or a linked post or reel) an output is built on. */
export interface ProvenanceParent {
  /** The file as the job read it. */
  path: string;
  mime: string;
  /** Shown as the ingredient's title: the upload's or link's name, never a private path. */
  title: string;
}

export interface Provenance {
  digitalSourceType: DigitalSourceType;
  /** Empty: made from nothing (c2pa.created). Otherwise c2pa.opened (the first parent) then c2pa.edited. */
  parents: ProvenanceParent[];
  /** The generator: our tool's name and version, and the engine that made the pixels. */
  tool: { name: string; version: string; engine: string };
  /** The output's title in the manifest (e.g. "Persona Studio face"). */
  title: string;
}

/** Signs a C2PA manifest into a finished file (after its XMP is written: the manifest binds the bytes). */
export interface ContentCredentialsSigner {
  sign(bytes: Uint8Array, mime: MarkedMime, provenance: Provenance): Promise<Uint8Array>;
}
