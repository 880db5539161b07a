// The engine pre-flight as a command (scripts/engines-check.mjs): the report `npm start` logs, with
// an exit code: 0 when every capability is served, 1 when one is not, 2 when the settings are wrong.
import { ConfigError, loadConfig } from '../config/index.ts';
import { createEngineRegistry, describePreflight } from './registry.ts';

export async function checkEngines(env: NodeJS.ProcessEnv, io: { out(line: string): void; err(line: string): void }): Promise<number> {
  let registry;
  try {
    registry = createEngineRegistry(loadConfig(env).generation);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    io.err(err.message);
    return 2;
  }
  try {
    const report = await registry.preflight();
    for (const line of describePreflight(report)) io.out(line);
    const refused = report.filter((e) => e.problems.length > 0);
    io.out(refused.length ? `${refused.length} capabilities would not be served: ${refused.map((e) => e.capability).join(', ')}` : 'Every capability is served.');
    return refused.length ? 1 : 0;
  } finally {
    await registry.close();
  }
}
