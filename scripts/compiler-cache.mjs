// Native addons compiled through ccache when the machine has it (issue 42). better-sqlite3 compiles
// from source here (its prebuilt binary is on github.com, out of reach) twice in a CI run: for Node 20
// (scripts/test.mjs) and for Node 24 (scripts/node24.mjs). Almost all of that is SQLite's amalgamation
// (sqlite3.c at -O3), which includes no Node header, so its preprocessed source is the same for both
// Node versions and ccache's preprocessor mode finds it: Node 24's build took 6.7 s after Node 20's
// instead of about 60 s (2026-11-29). The cache lives in the checkout's .tmp/ccache, so a fresh clone
// starts empty and compiles once per run, not never.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/** The environment additions that route `npm rebuild`'s compiles through ccache; none without it. */
export function compilerCacheEnv(root, env = process.env) {
  if (spawnSync('ccache', ['--version'], { stdio: 'ignore' }).status !== 0) return {};
  // node-gyp's Makefiles compile with $(CC) and $(CXX): make's defaults are cc and g++.
  const through = (compiler) => (compiler.startsWith('ccache ') ? compiler : `ccache ${compiler}`);
  return { CC: through(env.CC ?? 'cc'), CXX: through(env.CXX ?? 'g++'), CCACHE_DIR: env.CCACHE_DIR ?? join(root, '.tmp', 'ccache') };
}
