// A page's own meta description (src/app/usePageDescription.ts): set while the page shows, the
// app's put back after, whether the visit began on that page (prerendered, data-default) or not.
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { usePageDescription } from '../../src/app/usePageDescription';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Page() {
  usePageDescription('About the AI marks');
  return null;
}

const meta = () => document.querySelector<HTMLMetaElement>('meta[name="description"]')!;

afterEach(() => {
  document.head.innerHTML = '';
});

describe('usePageDescription', () => {
  it('sets the description while the page shows and puts the app\'s back after', () => {
    document.head.innerHTML = '<meta name="description" content="The app">';
    const root = createRoot(document.createElement('div'));
    act(() => root.render(<Page />));
    expect(meta().content).toBe('About the AI marks');
    act(() => root.unmount());
    expect(meta().content).toBe('The app');
  });

  it('on a visit that began on the page, puts back the app\'s kept on data-default', () => {
    document.head.innerHTML = '<meta name="description" content="About the AI marks" data-default="The app">';
    const root = createRoot(document.createElement('div'));
    act(() => root.render(<Page />));
    act(() => root.unmount());
    expect(meta().content).toBe('The app');
  });
});
