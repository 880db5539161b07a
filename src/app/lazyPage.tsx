import { lazy, type ComponentType, type ReactElement } from 'react';

type PageModule = { default: ComponentType };

/** A code-split page that can be loaded ahead of rendering (see preloadRoute in routes.tsx). */
export type LazyPage = (() => ReactElement) & {
  /** Loads the page's chunk; resolves with its component, which then renders without suspending. */
  preload(): Promise<ComponentType>;
};

/**
 * Like React.lazy, but once `preload()` has finished the page renders at once: the first render
 * of the app (and the hydration of a prerendered page) never shows a spinner the page would then
 * push the footer away from. Client-side navigations between pages run in a transition
 * (BrowserRouter), so the old page stays until the new one's chunk is in.
 */
export function lazyPage(load: () => Promise<PageModule>): LazyPage {
  let loaded: ComponentType | null = null;
  const preload = () =>
    load().then((module) => {
      loaded = module.default;
      return loaded;
    });
  const Suspending = lazy(() => preload().then((Component) => ({ default: Component })));
  function Page() {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Suspending />;
  }
  return Object.assign(Page, { preload });
}
