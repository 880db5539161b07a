import { isAbsolute, resolve } from 'node:path';

/**
 * Relative DATA_DIR and MEDIA_DIR mean relative to where the user ran `npm start` or
 * `npm run admin`, not to the package root (npm runs scripts from the root).
 */
export function resolveDataFolders(env = process.env) {
  const invokedFrom = env.INIT_CWD ?? process.cwd();
  env.DATA_DIR = resolve(invokedFrom, env.DATA_DIR ?? 'data');
  if (env.MEDIA_DIR && !isAbsolute(env.MEDIA_DIR)) env.MEDIA_DIR = resolve(invokedFrom, env.MEDIA_DIR);
}
