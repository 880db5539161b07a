#!/usr/bin/env node
// `persona` / `npm run cli -- <command>`: the developer API's CLI (scripts/cli/persona.ts), run
// through tsx (a dependency), so a fresh clone needs only `npm ci`.
const { register } = await import('tsx/esm/api');
register();
const { main } = await import('../scripts/cli/persona.ts');
process.exitCode = await main(process.argv.slice(2), process.env, {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
