// Where an MP3's manifest store sits inside its ID3v2 tag. c2pa-ts 0.9 excludes the whole tag
// from the data hash; c2pa-rs (and so the Content Credentials verifiers) wants exactly the
// C2PA GEOB frame's data excluded ("data hash exclusion does not match the manifest location"),
// which also keeps our other ID3 frames (the IPTC XMP and TXXX marks) under the signature.

const C2PA_MIMES = new Set(['application/c2pa', 'application/x-c2pa-manifest-store']);

/** The byte range of the C2PA GEOB frame's data in `buf`, or undefined when there is none. */
export function manifestDataRange(buf: Uint8Array): { start: number; length: number } | undefined {
  if (buf.length < 10 || buf[0] !== 0x49 || buf[1] !== 0x44 || buf[2] !== 0x33) return undefined; // "ID3"
  const major = buf[3];
  if (major !== 3 && major !== 4) return undefined;
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const tagEnd = 10 + synchsafe(view, 6);
  let pos = 10;
  if (buf[5] & 0x40) pos += major === 4 ? synchsafe(view, 10) : 4 + view.getUint32(10); // extended header
  while (pos + 10 <= tagEnd && buf[pos] !== 0) {
    const id = String.fromCharCode(buf[pos], buf[pos + 1], buf[pos + 2], buf[pos + 3]);
    const size = major === 4 ? synchsafe(view, pos + 4) : view.getUint32(pos + 4);
    const body = pos + 10;
    const end = body + size;
    if (end > tagEnd) return undefined;
    if (id === 'GEOB') {
      const encoding = buf[body];
      const wide = encoding === 1 || encoding === 2;
      const mimeEnd = buf.indexOf(0, body + 1);
      const mime = new TextDecoder('latin1').decode(buf.subarray(body + 1, mimeEnd));
      if (mimeEnd > 0 && C2PA_MIMES.has(mime)) {
        const afterFilename = skipString(buf, mimeEnd + 1, end, wide);
        const dataStart = skipString(buf, afterFilename, end, wide);
        return { start: dataStart, length: end - dataStart };
      }
    }
    pos = end;
  }
  return undefined;
}

function synchsafe(view: DataView, at: number): number {
  const n = view.getUint32(at);
  return (n & 0x7f) | ((n >> 1) & 0x3f80) | ((n >> 2) & 0x1fc000) | ((n >> 3) & 0xfe00000);
}

/** The position after a terminated string (one zero byte, or two aligned ones for UTF-16). */
function skipString(buf: Uint8Array, from: number, end: number, wide: boolean): number {
  if (!wide) {
    const zero = buf.indexOf(0, from);
    return zero < 0 || zero >= end ? end : zero + 1;
  }
  for (let at = from; at + 1 < end; at += 2) if (buf[at] === 0 && buf[at + 1] === 0) return at + 2;
  return end;
}
