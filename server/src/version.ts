import { readFileSync } from 'node:fs';

/** The package version, read once from the repository's package.json. */
export const appVersion: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
