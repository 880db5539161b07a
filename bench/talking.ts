// The talking character's figures of bench:engine (issue 32): a 10 s talking video from a 768x768
// face of the local face engine, the track 10 s of espeak-ng speech, one run (the landmark model
// already loaded, as on a warm server; its first load is given apart): wall seconds, and CPU seconds
// of this process (drawing the frames) and of its children (ffmpeg's H.264 + AAC encode), against
// the goal of 20 s. `tsx bench/talking.ts` runs it alone.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { faceDetector } from '../server/src/engines/local/face-detect.ts';
import { face } from '../server/src/engines/local/face.ts';
import { readPicture } from '../server/src/engines/local/images.ts';
import { faceGeometry, talking } from '../server/src/engines/local/talking.ts';
import type { EngineContext } from '../server/src/engines/types.ts';

const GOAL_S = 20;
const SECONDS = 10;

/** CPU seconds of the children this process has waited for (ffmpeg, espeak-ng): /proc/self/stat's cutime + cstime. */
function childCpuSeconds(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  // After the name: state is field 3, so cutime (16) and cstime (17) sit at 13 and 14.
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

export async function talkingFigures(root: string): Promise<string[]> {
  let n = 0;
  const ctx = (): EngineContext => {
    const workDir = join(root, `talking-run-${(n += 1)}`);
    mkdirSync(workDir);
    return { workDir, signal: new AbortController().signal, progress: () => undefined, tools: { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' } };
  };
  const portrait = await face({ gender: 'female', prompt: 'long auburn hair' }, ctx());
  const track = join(root, 'talking-10s.wav');
  const speech = join(root, 'speech.wav');
  execFileSync('espeak-ng', ['-v', 'en-us+f3', '-s', '160', '-w', speech, '--', 'Hello, I am a character of Persona Studio. I can speak any words you type, sing one of your songs, or say what you recorded. Silence closes my mouth, and I blink now and then.']);
  execFileSync('ffmpeg', ['-nostdin', '-y', '-loglevel', 'error', '-i', speech, '-af', 'apad', '-t', String(SECONDS), track]);
  const loadStart = performance.now();
  await faceDetector.close();
  await faceGeometry(await readPicture(portrait.path, new AbortController().signal), new AbortController().signal);
  const loadS = (performance.now() - loadStart) / 1000;

  const cpu = process.cpuUsage();
  const children = childCpuSeconds();
  const t = performance.now();
  const out = await talking({ facePath: portrait.path, audioPath: track, gender: 'female' }, ctx());
  const s = (performance.now() - t) / 1000;
  const used = process.cpuUsage(cpu);
  const ownCpu = (used.user + used.system) / 1e6;
  const encodeCpu = childCpuSeconds() - children;
  const probe = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name,width,height:format=duration', '-of', 'csv=p=0', out.path]).toString().trim().replace(/\n/g, '; ');
  await faceDetector.close();
  return [
    `talking character 10 s from a 768x768 face (250 frames, 25 fps): ${s.toFixed(2)} s, ${(ownCpu + encodeCpu).toFixed(1)} CPU s (frames ${ownCpu.toFixed(1)}, ffmpeg ${encodeCpu.toFixed(1)})  (goal <= ${GOAL_S} s: ${(s / GOAL_S).toFixed(2)}x); landmark model first load ${loadS.toFixed(2)} s; output ${probe}`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = mkdtempSync(join(tmpdir(), 'bench-talking-'));
  try {
    for (const line of await talkingFigures(root)) console.log(line);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
