// The AI marks a stored file carries, read back (issue 45: the details panel shows them): its IPTC
// DigitalSourceType (from the XMP packet every output carries) and whether it holds a C2PA
// manifest store. Reading only: the manifest is not validated here.
import { readDigitalSourceType, readXmp } from '../../../contract/provenance/index.ts';
import { FORMATS, prepareFormats } from './c2pa-formats.ts';
import { DIGITAL_SOURCE_TYPE_BASE, type MarkedMime } from './types.ts';

export interface AiMark {
  /** The DigitalSourceType code (trainedAlgorithmicMedia, …), '' when the file carries none. */
  digital_source_type: string;
  c2pa: boolean;
}

export function readAiMark(bytes: Uint8Array, mime: string): AiMark {
  const packet = readXmp(bytes);
  const uri = packet === null ? null : readDigitalSourceType(packet);
  const type = uri?.startsWith(DIGITAL_SOURCE_TYPE_BASE) ? uri.slice(DIGITAL_SOURCE_TYPE_BASE.length) : (uri ?? '');
  prepareFormats();
  const format = FORMATS[mime as MarkedMime];
  let c2pa = false;
  try {
    c2pa = format !== undefined && format.canRead(bytes) && format.make(new Uint8Array(bytes)).getManifestJUMBF() !== undefined;
  } catch {
    // an unreadable container carries no manifest we can show
  }
  return { digital_source_type: type, c2pa };
}
