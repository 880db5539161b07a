// How native addons are compiled when the tests build them (issue 42). better-sqlite3 compiles from
// source here (its prebuilt binary is on github.com, out of reach) twice in a CI run: for Node 20
// (scripts/test.mjs) and for Node 24 (scripts/node24.mjs). Almost all of that is SQLite's
// amalgamation (sqlite3.c, at -O3 by its gyp file), which includes no Node header.
// - Through ccache when the machine has it: sqlite3.c's preprocessed source is the same for both
//   Node versions, so ccache's preprocessor mode finds it and Node 24's build took 6.7 s after Node
//   20's instead of about 60 s (2026-11-29). The cache lives in the checkout's .tmp/ccache, so a
//   fresh clone starts empty and compiles once per run, not never.
// - ADDON_C_OPTIMIZATION (-O0 to -O3, -Os) replaces the C files' optimization level: .ci/run asks for
//   -O1, since a test run needs SQLite correct, not fast. The whole rebuild took 41 s instead of
//   75 s alone (sqlite3.c 25 s against 64 s with gcc 12, 2026-11-30). node-gyp's Makefiles put
//   $(CFLAGS) after the gyp file's flags, so the later -O wins. Installs (`npm ci`, `npm start`)
//   keep -O3; the C++ glue keeps its own level (4 s either way).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/** The environment additions for `npm rebuild` of a native addon: ccache and the C optimization level when asked for. */
export function addonBuildEnv(root, env = process.env) {
  const added = {};
  const level = env.ADDON_C_OPTIMIZATION;
  if (level) {
    if (!/^-O[0-3s]$/.test(level)) throw new Error(`ADDON_C_OPTIMIZATION must be one of -O0, -O1, -O2, -O3, -Os (got ${JSON.stringify(level)})`);
    added.CFLAGS = env.CFLAGS ? `${env.CFLAGS} ${level}` : level;
  }
  if (spawnSync('ccache', ['--version'], { stdio: 'ignore' }).status !== 0) return added;
  // node-gyp's Makefiles compile with $(CC) and $(CXX): make's defaults are cc and g++.
  const through = (compiler) => (compiler.startsWith('ccache ') ? compiler : `ccache ${compiler}`);
  return { ...added, CC: through(env.CC ?? 'cc'), CXX: through(env.CXX ?? 'g++'), CCACHE_DIR: env.CCACHE_DIR ?? join(root, '.tmp', 'ccache') };
}
