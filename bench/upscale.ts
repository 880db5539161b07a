// The upscale figures of bench:engine (issue 31): the local engine's upscale (ESRGAN slim in its own
// process, tiles of 128 px) of a 768x768 and a 768x1024 photograph, 2x and 4x, one run each (a 4x
// takes about a minute): wall seconds of the whole job (PNG included), CPU seconds and peak memory
// of the model process, and the PSNR of the result against a Lanczos resize of the same picture (a
// real model must differ from a plain resize; ~30-40 dB: the same picture, other detail).
// `tsx bench/upscale.ts` runs it alone.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { localEngine as engine } from '../server/src/engines/local/index.ts';
import { upscaleModel } from '../server/src/engines/local/upscale-model.ts';

/** The goal: 2x of a 768x768 picture within this on the 2-core machine. */
const GOAL_S = 20;

function psnr(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += ((a[i] as number) - (b[i] as number)) ** 2;
  return 10 * Math.log10((255 * 255) / (sum / a.length));
}

/** One line per picture and scale. */
export async function upscaleFigures(root: string): Promise<string[]> {
  const photo = createRequire(import.meta.url).resolve('@vladmandic/face-api/demo/sample2.jpg');
  const lines: string[] = [];
  let n = 0;
  for (const [width, height] of [[768, 768], [768, 1024]] as const) {
    const input = join(root, `upscale-${width}x${height}.png`);
    await sharp(photo).resize(width, height, { fit: 'cover' }).png().toFile(input);
    for (const scale of [2, 4] as const) {
      // A fresh process each time, so its peak memory is this picture's; started before the clock.
      await upscaleModel.close();
      await upscaleModel.upscale({ rgb: new Uint8Array(8 * 8 * 3), width: 8, height: 8 }, 2, new AbortController().signal);
      const before = upscaleModel.lastUsage!.cpuSeconds;
      const workDir = join(root, `upscale-run-${(n += 1)}`);
      mkdirSync(workDir);
      const t = performance.now();
      const out = await engine.upscale!({ imagePath: input, scale }, { workDir, signal: new AbortController().signal, progress: () => undefined, tools: { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' } });
      const s = (performance.now() - t) / 1000;
      const usage = upscaleModel.lastUsage!;
      const model = await sharp(out.path).removeAlpha().raw().toBuffer();
      const plain = await sharp(input).removeAlpha().resize(width * scale, height * scale, { kernel: 'lanczos3' }).raw().toBuffer();
      const goal = scale === 2 && width === height ? `  (goal <= ${GOAL_S} s: ${(s / GOAL_S).toFixed(2)}x)` : '';
      lines.push(`upscale ${scale}x ${width}x${height} -> ${width * scale}x${height * scale}: ${s.toFixed(2)} s, model process ${(usage.cpuSeconds - before).toFixed(1)} CPU s, peak ${Math.round(usage.maxRssBytes / 2 ** 20)} MB; PSNR vs Lanczos ${psnr(model, plain).toFixed(2)} dB${goal}`);
    }
  }
  await upscaleModel.close();
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = mkdtempSync(join(tmpdir(), 'bench-upscale-'));
  try {
    console.log('local engine upscale (ESRGAN slim, tfjs wasm, own process; one run each; a shared 2-core machine)');
    for (const line of await upscaleFigures(root)) console.log(line);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
