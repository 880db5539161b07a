import type { FastifyPluginAsync } from 'fastify';

/**
 * Marks a plugin as not encapsulated (what fastify-plugin does), so its decorators and hooks reach
 * the whole app. Use it for our plugins (services, repositories); route folders stay encapsulated.
 */
export function globalPlugin<Options extends object>(plugin: FastifyPluginAsync<Options>): FastifyPluginAsync<Options> {
  return Object.assign(plugin, { [Symbol.for('skip-override')]: true });
}
