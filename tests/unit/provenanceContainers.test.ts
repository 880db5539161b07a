// @vitest-environment node
// The IPTC mark's container writers (contract/provenance/): each round-trips, replaces an older
// mark, keeps the file's other metadata, and leaves a file other readers still decode (sharp for
// pictures, ffprobe for video and audio). Checked with the server's config (it needs Node's types).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { buildXmpPacket, carryXmp, containerOf, readCreatorTool, readDigitalSourceType, readXmp, writeXmp } from '../../contract/provenance/index.ts';
import { readMp3SourceType } from '../../contract/provenance/mp3.ts';

const BASE = 'http://cv.iptc.org/newscodes/digitalsourcetype/';
const packet = (code: string) => buildXmpPacket({ digitalSourceType: BASE + code, creatorTool: 'Persona Studio 9.9.9 (local engine)', title: 'A <test> & "title"' });
const dir = mkdtempSync(join(tmpdir(), 'persona-marks-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function ffmpeg(args: string[]): void {
  execFileSync('ffmpeg', ['-nostdin', '-v', 'error', '-y', ...args]);
}
function probe(bytes: Uint8Array, ext: string): { streams: Array<{ codec_type: string }>; format: { tags?: Record<string, string>; duration: string } } {
  const file = join(dir, `probe-${Math.random().toString(36).slice(2)}.${ext}`);
  writeFileSync(file, bytes);
  return JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', file]).toString()) as ReturnType<typeof probe>;
}
/** Every frame decoded, so a broken file fails (ffmpeg -v error prints nothing for a good one). */
function decodes(bytes: Uint8Array, ext: string): string {
  const file = join(dir, `decode-${Math.random().toString(36).slice(2)}.${ext}`);
  writeFileSync(file, bytes);
  return execFileSync('ffmpeg', ['-nostdin', '-v', 'error', '-i', file, '-f', 'null', '-'], { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
}

describe('the XMP packet', () => {
  it('carries the code, the tool and an escaped title, and is read back', () => {
    const p = packet('algorithmicMedia');
    expect(p).toContain('xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/"');
    expect(readDigitalSourceType(p)).toBe(`${BASE}algorithmicMedia`);
    expect(readCreatorTool(p)).toBe('Persona Studio 9.9.9 (local engine)');
    expect(p).toContain('A &lt;test&gt; &amp; &quot;title&quot;');
    // Other writers' forms: an element, single quotes.
    expect(readDigitalSourceType(`<Iptc4xmpExt:DigitalSourceType>${BASE}x</Iptc4xmpExt:DigitalSourceType>`)).toBe(`${BASE}x`);
    expect(readDigitalSourceType(`a:DigitalSourceType='${BASE}y'`)).toBe(`${BASE}y`);
    expect(readDigitalSourceType('<x:xmpmeta/>')).toBeNull();
  });
});

describe('PNG (iTXt XML:com.adobe.xmp)', () => {
  it('round-trips before IDAT, replaces an older mark, keeps other chunks, and sharp reads it', async () => {
    const png = new Uint8Array(await sharp({ create: { width: 40, height: 30, channels: 3, background: '#4080c0' } }).png().withMetadata({ density: 300 }).toBuffer());
    expect(containerOf(png)).toBe('png');
    expect(readXmp(png)).toBeNull();
    const once = writeXmp(png, packet('compositeSynthetic'));
    const twice = writeXmp(once, packet('algorithmicMedia'));
    expect(readDigitalSourceType(readXmp(twice)!)).toBe(`${BASE}algorithmicMedia`);
    expect(Buffer.from(twice).toString('latin1').split('XML:com.adobe.xmp').length).toBe(2);
    const text = Buffer.from(twice).toString('latin1');
    expect(text.indexOf('iTXt')).toBeLessThan(text.indexOf('IDAT'));
    const meta = await sharp(twice).metadata();
    expect([meta.width, meta.height, meta.density]).toEqual([40, 30, 300]);
    expect(readDigitalSourceType(meta.xmp!.toString('utf8'))).toBe(`${BASE}algorithmicMedia`);
    const pixels = await sharp(twice).raw().toBuffer();
    expect(pixels.equals(await sharp(png).raw().toBuffer())).toBe(true);
  });
});

describe('JPEG (APP1 http://ns.adobe.com/xap/1.0/)', () => {
  it('round-trips after JFIF/Exif, replaces an older mark, keeps Exif, and sharp reads it', async () => {
    const jpeg = new Uint8Array(
      await sharp({ create: { width: 64, height: 48, channels: 3, background: '#806040' } }).jpeg().withExif({ IFD0: { Copyright: 'Kept' } }).toBuffer(),
    );
    expect(containerOf(jpeg)).toBe('jpeg');
    const twice = writeXmp(writeXmp(jpeg, packet('trainedAlgorithmicMedia')), packet('compositeWithTrainedAlgorithmicMedia'));
    expect(readDigitalSourceType(readXmp(twice)!)).toBe(`${BASE}compositeWithTrainedAlgorithmicMedia`);
    expect(Buffer.from(twice).toString('latin1').split('http://ns.adobe.com/xap/1.0/\0').length).toBe(2);
    const meta = await sharp(twice).metadata();
    expect([meta.width, meta.height]).toEqual([64, 48]);
    expect(meta.exif?.toString('latin1')).toContain('Kept');
    expect(readDigitalSourceType(meta.xmp!.toString('utf8'))).toBe(`${BASE}compositeWithTrainedAlgorithmicMedia`);
    await sharp(twice).raw().toBuffer();
  });
});

describe('MP4 (top-level uuid BE7ACFCB-97A9-42E8-9C71-999491E3AFAC)', () => {
  it.each([['moov first', ['-movflags', '+faststart']], ['moov last', []]])('%s: appended at the end, replaced, metadata kept, still decodes', (_, flags) => {
    const file = join(dir, `clip-${flags.length}.mp4`);
    ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=10:duration=1', '-f', 'lavfi', '-i', 'sine=duration=1', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-metadata', 'title=Kept', ...flags, file]);
    const mp4 = new Uint8Array(readFileSync(file));
    expect(containerOf(mp4)).toBe('mp4');
    const once = writeXmp(mp4, packet('algorithmicMedia'));
    expect(once.subarray(0, mp4.length)).toEqual(mp4);
    const twice = writeXmp(once, packet('compositeSynthetic'));
    expect(twice.length).toBe(once.length + packet('compositeSynthetic').length - packet('algorithmicMedia').length);
    expect(readDigitalSourceType(readXmp(twice)!)).toBe(`${BASE}compositeSynthetic`);
    const info = probe(twice, 'mp4');
    expect(info.format.tags?.title).toBe('Kept');
    expect(info.streams.map((s) => s.codec_type).sort()).toEqual(['audio', 'video']);
    expect(decodes(twice, 'mp4')).toBe('');
  });

  it('closes a last box sized "to the end of the file" before appending', () => {
    const file = join(dir, 'clip-open.mp4');
    ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=10:duration=1', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', file]);
    const mp4 = new Uint8Array(readFileSync(file));
    // mdat is last with faststart: set its size field to 0 ("to the end").
    const text = Buffer.from(mp4).toString('latin1');
    const mdat = text.lastIndexOf('mdat') - 4;
    const open = mp4.slice();
    open.set([0, 0, 0, 0], mdat);
    const marked = writeXmp(open, packet('algorithmicMedia'));
    expect(Buffer.from(marked.subarray(mdat, mdat + 4)).readUInt32BE()).toBe(mp4.length - mdat);
    expect(readDigitalSourceType(readXmp(marked)!)).toBe(`${BASE}algorithmicMedia`);
    expect(decodes(marked, 'mp4')).toBe('');
  });
});

describe('MP3 (ID3v2 PRIV "XMP" + TXXX "DigitalSourceType")', () => {
  it.each([
    ['an ffmpeg ID3v2.4 tag', ['-metadata', 'title=Kept']],
    ['an ID3v2.3 tag', ['-metadata', 'title=Kept', '-id3v2_version', '3']],
    ['no tag', ['-write_id3v2', '0']],
  ])('%s: merged, replaced, readable by ffprobe, still decodes', (name, flags) => {
    const file = join(dir, `song-${name.length}.mp3`);
    ffmpeg(['-f', 'lavfi', '-i', 'sine=duration=1', '-c:a', 'libmp3lame', ...flags, file]);
    const mp3 = new Uint8Array(readFileSync(file));
    expect(containerOf(mp3)).toBe('mp3');
    const twice = writeXmp(writeXmp(mp3, packet('compositeSynthetic')), packet('compositeWithTrainedAlgorithmicMedia'));
    expect(readDigitalSourceType(readXmp(twice)!)).toBe(`${BASE}compositeWithTrainedAlgorithmicMedia`);
    expect(readMp3SourceType(twice)).toBe(`${BASE}compositeWithTrainedAlgorithmicMedia`);
    const tags = probe(twice, 'mp3').format.tags ?? {};
    expect(tags.DigitalSourceType).toBe(`${BASE}compositeWithTrainedAlgorithmicMedia`);
    if (name !== 'no tag') expect(tags.title).toBe('Kept');
    expect(Buffer.from(twice).toString('latin1').split('DigitalSourceType\0').length).toBe(2);
    expect(decodes(twice, 'mp3')).toBe('');
  });
});

describe('carryXmp (the watermark worker)', () => {
  it("copies the original's mark into a re-encoded file, and leaves an unmarked original's copy as it is", async () => {
    const jpeg = writeXmp(new Uint8Array(await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).jpeg().toBuffer()), packet('algorithmicMedia'));
    const png = new Uint8Array(await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } }).png().toBuffer());
    expect(readDigitalSourceType(readXmp(carryXmp(jpeg, png))!)).toBe(`${BASE}algorithmicMedia`);
    expect(carryXmp(png, jpeg)).toBe(jpeg);
  });
});
