// A React root in a fresh element of the jsdom document, for component tests; and its clean-up
// (unmounted, the element removed, stubbed globals restored).
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { vi } from 'vitest';

export interface Mounted {
  container: HTMLDivElement;
  root: Root;
}

export function mountRoot(): Mounted {
  const container = document.createElement('div');
  document.body.append(container);
  return { container, root: createRoot(container) };
}

export function unmountRoot({ container, root }: Mounted): void {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
}
