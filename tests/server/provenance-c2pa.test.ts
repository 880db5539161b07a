// Content Credentials on every kind of stored output, read back and validated by c2pa-rs (wasm),
// not by the library that wrote them: everything passes but the trust of our self-made chain.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildXmpPacket, readDigitalSourceType, readXmp, writeXmp } from '../../contract/provenance/index.ts';
import { createContentCredentialsSigner } from '../../server/src/provenance/c2pa.ts';
import { ensureSigningCredentials } from '../../server/src/provenance/credentials.ts';
import { digitalSourceTypeUri, type ContentCredentialsSigner, type MarkedMime, type Provenance } from '../../server/src/provenance/types.ts';
import { failureCodes, readContentCredentials, type ReadManifest } from './support/c2pa-reader.ts';

let root: string;
let signer: ContentCredentialsSigner;
const samples = {} as Record<MarkedMime, Buffer>;
const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-nostdin', '-y', '-loglevel', 'error', ...args]);
const probe = (file: string) =>
  JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', file]).toString()) as {
    streams: { codec_type: string; codec_name: string; width?: number; nb_frames?: string }[];
    format: { duration: string };
  };
/** The decoded frames' or samples' checksums: equal means the signed file plays exactly as before. */
const decodedMd5 = (file: string) => execFileSync('ffmpeg', ['-nostdin', '-loglevel', 'error', '-i', file, '-f', 'framemd5', '-']).toString().replace(/^#.*\n/gm, '');

const EXT: Record<MarkedMime, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'video/mp4': 'mp4', 'audio/mpeg': 'mp3' };
const provenance = (overrides: Partial<Provenance> = {}): Provenance => ({
  digitalSourceType: 'algorithmicMedia',
  parents: [],
  tool: { name: 'Persona Studio', version: '0.1.0', engine: 'local' },
  title: 'Persona Studio face',
  ...overrides,
});
const active = (store: { active_manifest: string; manifests: Record<string, ReadManifest> }) => store.manifests[store.active_manifest];
const actionsOf = (manifest: ReadManifest) =>
  (manifest.assertions.find((a) => a.label.startsWith('c2pa.actions'))?.data.actions ?? []) as { action: string; digitalSourceType?: string; parameters?: { ingredients?: { url: string }[] } }[];

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'ps-c2pa-'));
  signer = createContentCredentialsSigner(await ensureSigningCredentials({ dataDir: join(root, 'data') }));
  samples['image/png'] = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#e07020' } }).png().toBuffer();
  samples['image/jpeg'] = await sharp(samples['image/png']).jpeg().toBuffer();
  // A 1 s 64x64 H.264 + AAC clip as ffmpeg writes it (moov after mdat), and a 1 s MP3.
  ffmpeg('-f', 'lavfi', '-i', 'testsrc=size=64x64:rate=10:duration=1', '-f', 'lavfi', '-i', 'sine=duration=1', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', join(root, 'in.mp4'));
  ffmpeg('-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-c:a', 'libmp3lame', join(root, 'in.mp3'));
  samples['video/mp4'] = readFileSync(join(root, 'in.mp4'));
  samples['audio/mpeg'] = readFileSync(join(root, 'in.mp3'));
  // The outside media a job builds on: a linked photo.
  writeFileSync(join(root, 'parent.jpg'), await sharp({ create: { width: 32, height: 32, channels: 3, background: '#2080e0' } }).jpeg().toBuffer());
}, 60_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe.each(Object.keys(EXT) as MarkedMime[])('%s', (mime) => {
  it('made from nothing: c2pa.created with the digital source type, valid but for the untrusted signer', async () => {
    const signed = await signer.sign(samples[mime], mime, provenance({ digitalSourceType: 'trainedAlgorithmicMedia' }));
    const store = await readContentCredentials(signed, mime);
    expect(failureCodes(store)).toEqual(['signingCredential.untrusted']);
    expect(store.validation_state).toBe('Valid');
    const manifest = active(store);
    expect(manifest.claim_generator_info?.[0]).toMatchObject({ name: 'Persona Studio', version: '0.1.0' });
    expect(manifest.title).toBe('Persona Studio face');
    expect(manifest.signature_info?.alg).toBe('Es256');
    expect(actionsOf(manifest)).toMatchObject([{ action: 'c2pa.created', digitalSourceType: digitalSourceTypeUri('trainedAlgorithmicMedia') }]);
    expect(manifest.ingredients ?? []).toEqual([]);
    const hardBinding = mime === 'video/mp4' ? 'assertion.bmffHash.match' : 'assertion.dataHash.match';
    expect(store.validation_results?.activeManifest?.success.map((entry) => entry.code)).toEqual(expect.arrayContaining(['claimSignature.validated', hardBinding]));
    await expectStillDecodes(mime, signed);
  });

  it('built on outside media: c2pa.opened with the parentOf ingredient, then c2pa.edited', async () => {
    const parents = [{ path: join(root, 'parent.jpg'), mime: 'image/jpeg', title: 'linked post.jpg' }];
    const signed = await signer.sign(samples[mime], mime, provenance({ digitalSourceType: 'compositeSynthetic', parents }));
    const store = await readContentCredentials(signed, mime);
    expect(failureCodes(store)).toEqual(['signingCredential.untrusted']);
    const manifest = active(store);
    const [opened, edited] = actionsOf(manifest);
    expect(opened.action).toBe('c2pa.opened');
    expect(opened.parameters?.ingredients?.[0].url).toMatch(/c2pa\.ingredient\.v3$/);
    expect(edited).toMatchObject({ action: 'c2pa.edited', digitalSourceType: digitalSourceTypeUri('compositeSynthetic') });
    expect(manifest.ingredients).toEqual([
      expect.objectContaining({
        title: 'linked post.jpg',
        format: 'image/jpeg',
        relationship: 'parentOf',
        instance_id: `xmp:iid:sha256-${sha256(readFileSync(parents[0].path))}`,
      }),
    ]);
    await expectStillDecodes(mime, signed);
  });

  it('a changed byte breaks the hard binding', async () => {
    const signed = Buffer.from(await signer.sign(samples[mime], mime, provenance()));
    signed[signed.length - 3] ^= 0xff; // media data at the end, outside the manifest
    const store = await readContentCredentials(signed, mime);
    expect(failureCodes(store).some((code) => /^assertion\.(dataHash|bmffHash)\.mismatch$/.test(code))).toBe(true);
  });
});

it('a parent with its own Content Credentials brings its manifest along; more parents are componentOf', async () => {
  const parentPath = join(root, 'signed-parent.png');
  writeFileSync(parentPath, await signer.sign(samples['image/png'], 'image/png', provenance()));
  const parentLabel = (await readContentCredentials(readFileSync(parentPath), 'image/png')).active_manifest;
  const parents = [
    { path: parentPath, mime: 'image/png', title: 'my face.png' },
    { path: join(root, 'in.mp3'), mime: 'audio/mpeg', title: 'my voice.mp3' },
  ];
  const signed = await signer.sign(samples['video/mp4'], 'video/mp4', provenance({ parents, digitalSourceType: 'compositeWithTrainedAlgorithmicMedia' }));
  const store = await readContentCredentials(signed, 'video/mp4');
  expect(failureCodes(store)).toEqual(['signingCredential.untrusted']);
  expect(Object.keys(store.manifests)).toContain(parentLabel);
  const manifest = active(store);
  expect(manifest.ingredients.map((i) => [i.title, i.relationship, i.active_manifest])).toEqual([
    ['my face.png', 'parentOf', parentLabel],
    ['my voice.mp3', 'componentOf', undefined],
  ]);
  // c2pa-rs checks the ingredient's hashed references to the parent's manifest and validates it.
  const [delta] = store.validation_results?.ingredientDeltas ?? [];
  expect(delta.validationDeltas.success.map((e) => e.code)).toContain('ingredient.manifest.validated');
  expect(delta.validationDeltas.failure.map((e) => e.code)).toEqual(['signingCredential.untrusted']);
  const [, edited] = actionsOf(manifest);
  expect(edited.parameters?.ingredients).toHaveLength(1);
});

it('a faststart MP4 (moov before mdat) keeps playing the same frames', async () => {
  const faststart = join(root, 'faststart.mp4');
  ffmpeg('-i', join(root, 'in.mp4'), '-c', 'copy', '-movflags', '+faststart', faststart);
  const signed = await signer.sign(readFileSync(faststart), 'video/mp4', provenance());
  expect(failureCodes(await readContentCredentials(signed, 'video/mp4'))).toEqual(['signingCredential.untrusted']);
  const out = join(root, 'faststart-signed.mp4');
  writeFileSync(out, signed);
  expect(decodedMd5(out)).toBe(decodedMd5(faststart));
});

it('keeps the IPTC marks written before it (contract/provenance), under the signature', async () => {
  const packet = buildXmpPacket({ digitalSourceType: digitalSourceTypeUri('algorithmicMedia'), creatorTool: 'Persona Studio test', title: 'marked' });
  const inputs: Record<MarkedMime, Uint8Array> = {
    'image/png': samples['image/png'],
    'image/jpeg': samples['image/jpeg'],
    'video/mp4': readFileSync(join(root, 'in.mp4')),
    'audio/mpeg': readFileSync(join(root, 'in.mp3')),
  };
  for (const [mime, bytes] of Object.entries(inputs) as [MarkedMime, Uint8Array][]) {
    const signed = await signer.sign(writeXmp(bytes, packet), mime, provenance());
    // The MP4's XMP is a second top-level uuid box beside the manifest's: both readers must tell them apart.
    expect(failureCodes(await readContentCredentials(signed, mime)), mime).toEqual(['signingCredential.untrusted']);
    expect(readDigitalSourceType(readXmp(signed) ?? ''), mime).toBe(digitalSourceTypeUri('algorithmicMedia'));
    // The marks are hashed: changing a byte of the XMP packet breaks the binding.
    const tampered = Buffer.from(signed);
    const at = tampered.indexOf('algorithmicMedia', tampered.indexOf('x:xmpmeta'));
    expect(at, mime).toBeGreaterThan(0);
    tampered[at] ^= 0x01;
    expect(failureCodes(await readContentCredentials(tampered, mime)).some((code) => /^assertion\.(dataHash|bmffHash)\.mismatch$/.test(code)), mime).toBe(true);
  }
  const out = join(root, 'marked-signed.mp3');
  writeFileSync(out, await signer.sign(writeXmp(inputs['audio/mpeg'], packet), 'audio/mpeg', provenance()));
  expect(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format_tags', '-of', 'json', out]).toString()).toContain('algorithmicMedia');
});

it('signing a signed MP4 again replaces its manifest and keeps it playing', async () => {
  const once = await signer.sign(samples['video/mp4'], 'video/mp4', provenance());
  const twice = await signer.sign(once, 'video/mp4', provenance({ title: 'again', parents: [{ path: join(root, 'parent.jpg'), mime: 'image/jpeg', title: 'a much longer title to change the size' }] }));
  const store = await readContentCredentials(twice, 'video/mp4');
  expect(failureCodes(store)).toEqual(['signingCredential.untrusted']);
  expect(active(store).title).toBe('again');
  const out = join(root, 'twice.mp4');
  writeFileSync(out, twice);
  expect(decodedMd5(out)).toBe(decodedMd5(join(root, 'in.mp4')));
});

it('refuses bytes that are not the format named', async () => {
  await expect(signer.sign(samples['image/png'], 'image/jpeg', provenance())).rejects.toThrow(/not image\/jpeg/);
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function expectStillDecodes(mime: MarkedMime, signed: Uint8Array) {
  if (mime.startsWith('image/')) {
    const meta = await sharp(signed).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual([mime === 'image/png' ? 'png' : 'jpeg', 64, 64]);
    const [before, after] = await Promise.all([sharp(samples[mime]).raw().toBuffer(), sharp(signed).raw().toBuffer()]);
    expect(after.equals(before)).toBe(true);
    return;
  }
  const file = join(root, `signed-${Math.random().toString(36).slice(2)}.${EXT[mime]}`);
  writeFileSync(file, signed);
  const info = probe(file);
  expect(Number(info.format.duration)).toBeGreaterThan(0.9);
  expect(info.streams.map((s) => s.codec_name)).toEqual(mime === 'video/mp4' ? ['h264', 'aac'] : ['mp3']);
  expect(decodedMd5(file)).toBe(decodedMd5(join(root, `in.${EXT[mime]}`)));
}
