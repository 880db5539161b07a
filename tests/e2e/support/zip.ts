// Reads a ZIP whose entries are stored (not deflated), as client-zip makes them (issue 45's
// gallery ZIP): each entry's name and bytes, from the central directory, Zip64 fields included.
export function readStoredZip(zip: Uint8Array): Map<string, Uint8Array> {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let end = zip.length - 22;
  while (end >= 0 && view.getUint32(end, true) !== 0x06054b50) end--;
  if (end < 0) throw new Error('Not a ZIP: no end of central directory');
  let count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  // Zip64: the real figures are in the Zip64 end record, which its locator (just before) points at.
  if (at === 0xffffffff || count === 0xffff) {
    const record = Number(view.getBigUint64(end - 20 + 8, true));
    count = Number(view.getBigUint64(record + 32, true));
    at = Number(view.getBigUint64(record + 48, true));
  }
  const files = new Map<string, Uint8Array>();
  for (let i = 0; i < count; i++) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error('ZIP: bad central directory entry');
    if (view.getUint16(at + 10, true) !== 0) throw new Error('ZIP: an entry is compressed');
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const name = new TextDecoder().decode(zip.subarray(at + 46, at + 46 + nameLength));
    let size = view.getUint32(at + 20, true);
    let offset = view.getUint32(at + 42, true);
    // The Zip64 extra field holds, in order, the sizes and the offset that read 0xFFFFFFFF above.
    for (let x = at + 46 + nameLength; x < at + 46 + nameLength + extraLength; x += 4 + view.getUint16(x + 2, true)) {
      if (view.getUint16(x, true) !== 0x0001) continue;
      let field = x + 4;
      const next = () => ((field += 8), Number(view.getBigUint64(field - 8, true)));
      if (view.getUint32(at + 24, true) === 0xffffffff) next();
      if (size === 0xffffffff) size = next();
      if (offset === 0xffffffff) offset = next();
    }
    const start = offset + 30 + view.getUint16(offset + 26, true) + view.getUint16(offset + 28, true);
    files.set(name, zip.subarray(start, start + size));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}
