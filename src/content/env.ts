// Reads a build-time VITE_* setting; unset or blank gives undefined. Only Vite-built code loads this
// (the page, its prerender, Vitest): the server and the service worker build their own URLs.
export function readEnv(name: string): string | undefined {
  const value: unknown = (import.meta as ImportMeta & { env: Record<string, unknown> }).env[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}
