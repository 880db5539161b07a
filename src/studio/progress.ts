// The progress a generation screen shows while it waits (spec document 2 §4, ARCHITECTURE §8):
// it rises at a fixed pace per kind of job, never past 95 until the job is done, and shows the
// server's own progress instead whenever that is higher (still capped at 95). Back to 0 when the
// job ends, done or failed. Upscales show the server's own progress alone, to 100 (SERVER_LED).
import { useEffect, useState } from 'react';

/** The screens that show a percentage (faces show a waiting text instead). */
export type ProgressKind = 'image' | 'video' | 'clothSwap' | 'imageToVideo' | 'music' | 'upscale' | 'talking';

export const PROGRESS_CAP = 95;

/** Milliseconds per point: images 5 points/s; videos 1 per 4.2 s; cloth 1 per 2 s; image to video and music 1 per 2.5 s; upscales 1 per 0.6 s; talking characters 1 per 1.2 s. */
export const MS_PER_POINT: Readonly<Record<ProgressKind, number>> = {
  image: 200,
  video: 4200,
  clothSwap: 2000,
  imageToVideo: 2500,
  music: 2500,
  // Not paced (SERVER_LED): the server's per-tile progress is shown as it is; this only sets how often the screen looks.
  upscale: 600,
  // A 10 s talking video takes ~4 s on the local engine, minutes on a lip-sync model; the server's progress leads.
  talking: 1200,
};

/**
 * Kinds whose server reports real progress (issue 45: an upscale counts its tiles): the screen
 * shows exactly that, up to 100, instead of pacing itself to 95 and waiting there.
 */
export const SERVER_LED: ReadonlySet<ProgressKind> = new Set<ProgressKind>(['upscale']);

/** The percentage to show `elapsedMs` into a job, given the server's progress (0-100) if known. */
export function progressAt(kind: ProgressKind, elapsedMs: number, serverProgress = 0): number {
  const server = Number.isFinite(serverProgress) ? Math.floor(serverProgress) : 0;
  if (SERVER_LED.has(kind)) return Math.min(100, Math.max(0, server));
  const paced = Math.floor(Math.max(0, elapsedMs) / MS_PER_POINT[kind]);
  return Math.min(PROGRESS_CAP, Math.max(0, paced, server));
}

/**
 * The percentage for a running job, ticking once per point; 0 while `running` is false (so it
 * resets as soon as the job ends, done or failed). `since` is when the job started, for a job
 * picked up again after a reload; by default, when `running` became true.
 */
export function useGenerationProgress(kind: ProgressKind, running: boolean, serverProgress = 0, since?: number): number {
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (!running) {
      setStartedAt(null);
      return;
    }
    const started = since ?? Date.now();
    setStartedAt(started);
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), MS_PER_POINT[kind]);
    return () => clearInterval(timer);
  }, [running, kind, since]);

  // A known start (a job picked up again after a reload) counts from the first render.
  const start = since ?? startedAt;
  if (!running || start === null) return 0;
  return progressAt(kind, now - start, serverProgress);
}
