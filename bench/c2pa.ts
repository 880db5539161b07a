// Content Credentials signing time per output (issue 26: under 50 ms a picture, under 5% of a video
// job). bench/engine.ts calls signingFigures() on the local engine's real outputs with their job
// times; `npm run bench:c2pa` runs it alone on media made here (a 1024 px PNG and JPEG, a 5 s 720p
// clip, a 20 s song), against the 5 s target for the video job and 1 s / 5 s for picture and song.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { createContentCredentialsSigner } from '../server/src/provenance/c2pa.ts';
import { ensureSigningCredentials } from '../server/src/provenance/credentials.ts';
import type { MarkedMime, Provenance } from '../server/src/provenance/types.ts';

export interface SignedOutput {
  label: string;
  path: string;
  mime: string;
  /** The job that made it, in seconds: signing's share is reported against it. */
  jobS: number;
  /** The most signing may take, as a share of the job (video: 0.05), or in ms (pictures: 50). */
  goal?: { share?: number; ms?: number };
}

const provenance: Provenance = { digitalSourceType: 'algorithmicMedia', parents: [], tool: { name: 'Persona Studio', version: 'bench', engine: 'local' }, title: 'bench' };

/** Median signing ms per output over `runs` (after one warm-up), printed as lines. */
export async function signingFigures(outputs: SignedOutput[], runs: number): Promise<string[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-c2pa-'));
  try {
    const t = performance.now();
    const signer = createContentCredentialsSigner(await ensureSigningCredentials({ dataDir }));
    const lines = [`Content Credentials: local chain made in ${(performance.now() - t).toFixed(0)} ms (first start only)`];
    for (const output of outputs) {
      const bytes = readFileSync(output.path);
      const mime = output.mime as MarkedMime;
      await signer.sign(bytes, mime, provenance);
      const times: number[] = [];
      for (let i = 0; i < runs; i += 1) {
        const start = performance.now();
        await signer.sign(bytes, mime, provenance);
        times.push(performance.now() - start);
      }
      const ms = times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
      const share = ms / (output.jobS * 1000);
      const goal = output.goal?.ms ? ` (goal < ${output.goal.ms} ms: ${(ms / output.goal.ms).toFixed(2)}x)` : output.goal?.share ? ` (goal < ${output.goal.share * 100}%: ${(share / output.goal.share).toFixed(2)}x)` : '';
      lines.push(`sign ${output.label.padEnd(26)} ${(bytes.length / 1024).toFixed(0).padStart(6)} KB ${ms.toFixed(1).padStart(7)} ms = ${(share * 100).toFixed(2)}% of its ${output.jobS.toFixed(2)} s job${goal}`);
    }
    return lines;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = mkdtempSync(join(tmpdir(), 'bench-c2pa-media-'));
  try {
    const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-nostdin', '-y', '-loglevel', 'error', ...args]);
    // Noise: pictures that compress like photographs, not like flat colour.
    const noise = sharp(randomBytes(1024 * 1024 * 3), { raw: { width: 1024, height: 1024, channels: 3 } });
    await noise.clone().png().toFile(join(root, 'picture.png'));
    await noise.clone().jpeg({ quality: 90 }).toFile(join(root, 'picture.jpg'));
    ffmpeg('-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=25:duration=5', '-f', 'lavfi', '-i', 'sine=duration=5', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', join(root, 'video.mp4'));
    ffmpeg('-f', 'lavfi', '-i', 'sine=frequency=220:duration=20', '-c:a', 'libmp3lame', '-b:a', '192k', join(root, 'song.mp3'));
    const lines = await signingFigures(
      [
        { label: 'picture (1024 px PNG)', path: join(root, 'picture.png'), mime: 'image/png', jobS: 1, goal: { ms: 50 } },
        { label: 'picture (1024 px JPEG)', path: join(root, 'picture.jpg'), mime: 'image/jpeg', jobS: 1, goal: { ms: 50 } },
        { label: 'video (5 s 720p)', path: join(root, 'video.mp4'), mime: 'video/mp4', jobS: 5, goal: { share: 0.05 } },
        { label: 'song (20 s MP3)', path: join(root, 'song.mp3'), mime: 'audio/mpeg', jobS: 5 },
      ],
      Number(process.env.BENCH_RUNS ?? 5),
    );
    console.log('(job times here are the targets: picture 1 s, video 5 s, song 5 s; bench:engine uses measured ones)');
    for (const line of lines) console.log(line);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
