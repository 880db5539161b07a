import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MS_PER_POINT, progressAt, PROGRESS_CAP, useGenerationProgress, type ProgressKind } from '../../src/studio/progress';

describe('generation progress (spec §4)', () => {
  it('rises at each kind\'s pace', () => {
    expect(progressAt('image', 1000)).toBe(5); // 5 points per second
    expect(progressAt('video', 4199)).toBe(0);
    expect(progressAt('video', 4200)).toBe(1); // 1 point per 4.2 s
    expect(progressAt('video', 42_000)).toBe(10);
    expect(progressAt('clothSwap', 10_000)).toBe(5); // 1 per 2 s
    expect(progressAt('imageToVideo', 10_000)).toBe(4); // 1 per 2.5 s
    expect(progressAt('music', 10_000)).toBe(4);
  });

  it('stops at 95 however long the job takes, and shows a higher server progress, still capped', () => {
    expect(progressAt('image', 60_000)).toBe(PROGRESS_CAP);
    expect(progressAt('video', 10_000, 40)).toBe(40);
    expect(progressAt('video', 10_000, 1)).toBe(2);
    expect(progressAt('video', 10_000, 100)).toBe(PROGRESS_CAP);
    expect(progressAt('image', -5, Number.NaN)).toBe(0);
  });

  it('an upscale shows the server\'s tile progress as it is, to 100, never a pace of its own (issue 45)', () => {
    expect(progressAt('upscale', 600_000)).toBe(0);
    expect(progressAt('upscale', 1000, 37)).toBe(37);
    expect(progressAt('upscale', 1000, 100)).toBe(100);
    expect(progressAt('upscale', 1000, 140)).toBe(100);
  });
});

describe('useGenerationProgress', () => {
  let container: HTMLDivElement;
  let root: Root;
  let shown: number[];

  function Probe({ kind, running, server }: { kind: ProgressKind; running: boolean; server?: number }) {
    shown.push(useGenerationProgress(kind, running, server));
    return null;
  }

  beforeEach(() => {
    vi.useFakeTimers();
    shown = [];
    container = document.createElement('div');
    root = createRoot(container);
  });
  afterEach(() => {
    act(() => root.unmount());
    vi.useRealTimers();
  });

  it('ticks while running, caps at 95 and resets to 0 when the job ends', () => {
    act(() => root.render(<Probe kind="clothSwap" running />));
    act(() => vi.advanceTimersByTime(MS_PER_POINT.clothSwap * 3));
    expect(shown.at(-1)).toBe(3);
    act(() => vi.advanceTimersByTime(MS_PER_POINT.clothSwap * 200));
    expect(shown.at(-1)).toBe(PROGRESS_CAP);
    act(() => root.render(<Probe kind="clothSwap" running={false} />));
    expect(shown.at(-1)).toBe(0);
    // A new job starts again from 0.
    act(() => root.render(<Probe kind="clothSwap" running />));
    act(() => vi.advanceTimersByTime(MS_PER_POINT.clothSwap));
    expect(shown.at(-1)).toBe(1);
  });

  it('follows the server when it is ahead', () => {
    act(() => root.render(<Probe kind="video" running server={0} />));
    act(() => root.render(<Probe kind="video" running server={37} />));
    expect(shown.at(-1)).toBe(37);
  });
});
