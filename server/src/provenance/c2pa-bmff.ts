// MP4 support on top of c2pa-ts 0.9's BMFF code. It removes any manifest box and inserts the new
// one right after ftyp without moving the sample tables' chunk offsets (stco/co64), which would
// leave the video unplayable: chunkOffsetMove() says where each old offset went and
// moveChunkOffsets() rewrites them. A walker for the few container boxes on the way to the sample
// tables, not a general MP4 parser.

/**
 * c2pa-ts 0.9 reads and signs BMFF but only admits HEIF brands; an MP4's boxes are handled the
 * same way (with the chunk offsets fixed below), so its brands are added to the allowed set.
 */
export function enableMp4(bmff: unknown): void {
  const brands = (bmff as { canReadBrands?: Set<string> }).canReadBrands;
  if (!(brands instanceof Set)) throw new Error('c2pa-ts changed: BMFF.canReadBrands is gone; check MP4 support in this version');
  for (const brand of ['isom', 'iso2', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'M4V ', 'M4A ', 'dash']) brands.add(brand);
}

interface PathBox {
  type: string;
}
type MatchBox = (this: unknown, exclusion: { xpath: string }, asset: { getTopLevelBoxes(): PathBox[] }) => Promise<unknown>;

/**
 * c2pa-ts 0.9 finds an exclusion's box by its path and gives up when more than one top-level box
 * has that type, so with our IPTC XMP `uuid` box beside the manifest's `uuid` box it excluded
 * neither, and c2pa-rs (which tries each box on the path, as the spec says) found the hash wrong.
 * Each box of the type is tried in turn, by index, with c2pa-ts's own matching of the rest.
 */
export function matchEachBoxOnPath(bmffHashAssertion: unknown): void {
  const proto = (bmffHashAssertion as { prototype?: { getMatchingBoxForExclusion?: MatchBox & { eachBox?: true } } }).prototype;
  const original = proto?.getMatchingBoxForExclusion;
  if (!proto || typeof original !== 'function') throw new Error('c2pa-ts changed: BMFFHashAssertion.getMatchingBoxForExclusion is gone; check exclusions of repeated boxes');
  if (original.eachBox) return;
  const eachBox: MatchBox & { eachBox?: true } = async function (this: unknown, exclusion, asset) {
    const type = /^\/([^/[\]]+)$/.exec(exclusion.xpath)?.[1];
    const count = type === undefined ? 0 : asset.getTopLevelBoxes().filter((box) => box.type === type).length;
    if (count <= 1) return original.call(this, exclusion, asset);
    for (let i = 0; i < count; i++) {
      const box = await original.call(this, { ...exclusion, xpath: `/${type}[${i}]` }, asset);
      if (box) return box;
    }
    return undefined;
  };
  eachBox.eachBox = true;
  proto.getMatchingBoxForExclusion = eachBox;
}

const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl']);
const C2PA_UUID = 'd8fec3d61b0e483c92975828877ec481';

interface Box {
  type: string;
  start: number;
  end: number;
  header: number;
}

function* boxes(view: DataView, start: number, end: number): Generator<Box> {
  let pos = start;
  while (pos + 8 <= end) {
    let size = view.getUint32(pos);
    const type = String.fromCharCode(view.getUint8(pos + 4), view.getUint8(pos + 5), view.getUint8(pos + 6), view.getUint8(pos + 7));
    let header = 8;
    if (size === 1) {
      size = Number(view.getBigUint64(pos + 8));
      header = 16;
    } else if (size === 0) {
      size = end - pos;
    }
    if (size < header || pos + size > end) throw new Error(`MP4: the ${type} box at ${pos} runs past its parent`);
    yield { type, start: pos, end: pos + size, header };
    pos += size;
  }
}

const viewOf = (buf: Uint8Array) => new DataView(buf.buffer, buf.byteOffset, buf.byteLength);

/**
 * Where an offset of the original file lands once c2pa-ts has removed its manifest box (if any)
 * and put one of `insertedSize` bytes right after ftyp.
 */
export function chunkOffsetMove(original: Uint8Array, insertedSize: number): (offset: number) => number {
  const view = viewOf(original);
  const top = [...boxes(view, 0, original.byteLength)];
  const ftyp = top.find((box) => box.type === 'ftyp');
  if (!ftyp) throw new Error('MP4: no ftyp box');
  const hex = (box: Box) => Buffer.from(original.subarray(box.start + box.header, box.start + box.header + 16)).toString('hex');
  const old = top.find((box) => box.type === 'uuid' && hex(box) === C2PA_UUID);
  return (offset) => offset + (offset >= ftyp.end ? insertedSize : 0) - (old && offset >= old.end ? old.end - old.start : 0);
}

/** Rewrites every chunk offset in `buf` (the file after the change) with `move`. */
export function moveChunkOffsets(buf: Uint8Array, move: (offset: number) => number): void {
  const view = viewOf(buf);
  const visit = (start: number, end: number): void => {
    for (const box of boxes(view, start, end)) {
      if (CONTAINERS.has(box.type)) visit(box.start + box.header, box.end);
      else if (box.type === 'stco') patch(view, box.start + box.header, box.end, 4, move);
      else if (box.type === 'co64') patch(view, box.start + box.header, box.end, 8, move);
    }
  };
  visit(0, buf.byteLength);
}

function patch(view: DataView, start: number, end: number, width: 4 | 8, move: (offset: number) => number): void {
  // FullBox: version and flags (4 bytes), entry count (4 bytes), then the offsets.
  const count = view.getUint32(start + 4);
  if (start + 8 + count * width > end) throw new Error('MP4: a chunk offset table runs past its box');
  for (let i = 0, at = start + 8; i < count; i++, at += width) {
    if (width === 4) {
      const moved = move(view.getUint32(at));
      if (moved > 0xffffffff) throw new Error('MP4: a chunk offset no longer fits 32 bits after the manifest box');
      view.setUint32(at, moved);
    } else {
      view.setBigUint64(at, BigInt(move(Number(view.getBigUint64(at)))));
    }
  }
}
