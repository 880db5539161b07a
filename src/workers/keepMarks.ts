// The IPTC mark survives the watermark: re-encoding (canvas, ffmpeg.wasm) drops the original's
// metadata, so its XMP packet is copied into the new file (contract/provenance/, shared with the
// server). The C2PA manifest cannot be: it is signed over the original's bytes.
import { carryXmp } from '../../contract/provenance/index.ts';

/** `output` with the XMP of `original`; `output` itself when the original has none. */
export async function keepMarks(original: Blob, output: Blob): Promise<Blob> {
  const [from, to] = await Promise.all([original.arrayBuffer(), output.arrayBuffer()]);
  const source = new Uint8Array(to);
  const marked = carryXmp(new Uint8Array(from), source);
  return marked === source ? output : new Blob([marked as Uint8Array<ArrayBuffer>], { type: output.type });
}
