import { describe, expect, it } from 'vitest';
import { isDevToolsShortcut } from '../../src/lib/blockDevTools';

const key = (k: string, mods: Partial<Record<'ctrlKey' | 'shiftKey' | 'metaKey' | 'altKey', boolean>> = {}) => ({
  key: k,
  ctrlKey: false,
  shiftKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

describe('developer-tool shortcuts', () => {
  it('blocks F12, Ctrl+Shift+I, Ctrl+Shift+J and Ctrl+U', () => {
    expect(isDevToolsShortcut(key('F12'))).toBe(true);
    expect(isDevToolsShortcut(key('I', { ctrlKey: true, shiftKey: true }))).toBe(true);
    expect(isDevToolsShortcut(key('J', { ctrlKey: true, shiftKey: true }))).toBe(true);
    expect(isDevToolsShortcut(key('u', { ctrlKey: true }))).toBe(true);
    expect(isDevToolsShortcut(key('i', { metaKey: true, altKey: true }))).toBe(true);
  });

  it('lets ordinary typing and editing shortcuts through', () => {
    expect(isDevToolsShortcut(key('i'))).toBe(false);
    expect(isDevToolsShortcut(key('I', { shiftKey: true }))).toBe(false);
    expect(isDevToolsShortcut(key('c', { ctrlKey: true }))).toBe(false);
    expect(isDevToolsShortcut(key('v', { ctrlKey: true }))).toBe(false);
    expect(isDevToolsShortcut(key('i', { ctrlKey: true }))).toBe(false);
  });
});
