// Reads a build-time VITE_* setting. Guarded so the content also loads where import.meta.env does
// not exist (Node scripts, the server's media generator, plain unit tests).
type EnvRecord = Record<string, string | boolean | undefined>;

export function readEnv(name: string): string | undefined {
  let env: EnvRecord | undefined;
  try {
    env = (import.meta as ImportMeta & { env?: EnvRecord }).env;
  } catch {
    env = undefined;
  }
  const value = env?.[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}
