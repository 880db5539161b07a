import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from 'react';

// The error screen is only needed when something broke: it loads then, not with every page.
const RouteErrorScreen = lazy(() => import('./RouteErrorScreen').then((m) => ({ default: m.RouteErrorScreen })));

interface BoundaryProps {
  children: ReactNode;
  /** The location: moving elsewhere clears the error and renders the new page. */
  resetKey: string;
}

/** Catches what a page throws while rendering and shows RouteErrorScreen in its place. */
export class RouteErrorBoundary extends Component<BoundaryProps, { failed: boolean; error: unknown; key: string }> {
  state = { failed: false, error: undefined as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { key: string }) {
    return props.resetKey === state.key ? null : { failed: false, error: undefined, key: props.resetKey };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Page failed to render', error, info.componentStack);
  }

  render() {
    return this.state.failed ? (
      <Suspense fallback={null}>
        <RouteErrorScreen error={this.state.error} />
      </Suspense>
    ) : (
      this.props.children
    );
  }
}
