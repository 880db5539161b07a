// Fastify's schema compilers, shared by every app this process builds.
//
// Fastify makes a fresh Ajv instance and compiles every route's schemas again for each app
// (fastify 5.12 lib/schema-controller.js: `ValidatorSelector()` and `SerializerSelector()` per
// instance). The server builds one app, so that costs nothing there; most of the server layer's 780 tests
// build one, and a build's compiles were 360 of its 500 ms (CPU profile, 2026-11-30: Ajv
// 190 ms, fast-json-stringify 175 ms). Shared, a schema object the routes already hold (the
// contract's constants) is compiled once per process:
// - validators: @fastify/ajv-compiler's pool keeps one Ajv per (shared schemas, Ajv options), and
//   Ajv 8 keeps each compiled schema by the schema object (`Ajv.compile` -> `_addSchema`'s `_cache`);
// - serializers: fast-json-stringify has no cache, so one is kept here per (shared schemas, options),
//   by the schema object, in a WeakMap: a schema object an app made for itself goes with the app.
// A compiled function depends only on its schema and those options, never on the route or the app.
import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type BuildSerializer = NonNullable<CompilersFactory['buildSerializer']>;
type SerializerCompiler = ReturnType<BuildSerializer>;

function sharedSerializers(): BuildSerializer {
  const selector = SerializerSelector();
  const pools = new Map<string, SerializerCompiler>();
  return (externalSchemas, options) => {
    const key = JSON.stringify([externalSchemas, options ?? null]);
    let pool = pools.get(key);
    if (!pool) {
      const compile = selector(externalSchemas, options);
      const compiled = new WeakMap<object, ReturnType<SerializerCompiler>>();
      pool = (route) => {
        const schema = route.schema as object; // a JSON schema: an object, never a primitive
        let serialize = compiled.get(schema);
        if (!serialize) {
          serialize = compile(route);
          compiled.set(schema, serialize);
        }
        return serialize;
      };
      pools.set(key, pool);
    }
    return pool;
  };
}

/** For `Fastify({ schemaController: { compilersFactory } })`: one per process. */
export const sharedSchemaCompilers: CompilersFactory = {
  buildValidator: AjvCompiler() as CompilersFactory['buildValidator'],
  buildSerializer: sharedSerializers(),
};
