import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Watchdog } from '../../src/workers/watchdog';

describe('Watchdog', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fires once after the given silence, and each kick starts the wait again', () => {
    const fired = vi.fn();
    const dog = new Watchdog(15_000, fired);
    vi.advanceTimersByTime(14_000);
    dog.kick();
    vi.advanceTimersByTime(14_000);
    expect(fired).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(fired).toHaveBeenCalledTimes(1);
    dog.kick(); // too late: a fired watchdog stays fired
    vi.advanceTimersByTime(30_000);
    expect(fired).toHaveBeenCalledTimes(1);
  });

  it('never fires once stopped', () => {
    const fired = vi.fn();
    const dog = new Watchdog(1_000, fired);
    dog.stop();
    dog.kick();
    vi.advanceTimersByTime(5_000);
    expect(fired).not.toHaveBeenCalled();
  });
});
