import { describe, expect, it } from 'vitest';
import { loadSlots } from '../../src/lib/loadSlots';

describe('loadSlots', () => {
  it('runs at most `max` at once, in order, and a released or abandoned turn frees its place', () => {
    const take = loadSlots(2);
    const started: string[] = [];
    const releases: Record<string, () => void> = {};
    const cancels: Record<string, () => void> = {};
    for (const name of ['a', 'b', 'c', 'd', 'e']) {
      cancels[name] = take((release) => {
        started.push(name);
        releases[name] = release;
      });
    }
    expect(started).toEqual(['a', 'b']);
    cancels.c(); // gave up waiting: never starts
    releases.a();
    releases.a(); // a second release changes nothing
    expect(started).toEqual(['a', 'b', 'd']);
    cancels.b(); // giving up a held turn releases it
    expect(started).toEqual(['a', 'b', 'd', 'e']);
  });
});
