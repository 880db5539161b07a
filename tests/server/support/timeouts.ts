// Time-outs checked by what they do, not by the wall clock (issue 42): every AbortSignal.timeout()
// made while watching is kept, so a test asserts that the time-out it configured is the one that
// fired (the signal aborted with a TimeoutError) instead of timing the call.
import { vi } from 'vitest';

export interface TimeoutWatch {
  /** The milliseconds of each watched time-out that has fired, in the order they were made. */
  fired(): number[];
  /** The milliseconds of every time-out made while watching. */
  made(): number[];
  restore(): void;
}

export function watchTimeouts(): TimeoutWatch {
  const signals: Array<{ ms: number; signal: AbortSignal }> = [];
  const original = AbortSignal.timeout.bind(AbortSignal);
  const spy = vi.spyOn(AbortSignal, 'timeout').mockImplementation((ms: number) => {
    const signal = original(ms);
    signals.push({ ms, signal });
    return signal;
  });
  return {
    fired: () => signals.filter(({ signal }) => signal.aborted && (signal.reason as Error | undefined)?.name === 'TimeoutError').map(({ ms }) => ms),
    made: () => signals.map(({ ms }) => ms),
    restore: () => spy.mockRestore(),
  };
}
