// The schema compilers every app of a process shares (server/src/plugins/schema-compilers.ts): one
// compile per schema object and options, and what is compiled still validates and serialises.
import { Type } from 'typebox';
import { describe, expect, test } from 'vitest';
import { sharedSchemaCompilers } from '../../server/src/plugins/schema-compilers.ts';

const Body = Type.Object({ name: Type.String({ minLength: 1 }), count: Type.Integer() });
const Answer = Type.Object({ id: Type.String(), size: Type.Integer() });
const ajvOptions = { customOptions: { removeAdditional: 'all' as const, coerceTypes: 'array' as const, useDefaults: true, allErrors: false } };
const route = (schema: unknown) => ({ schema, method: 'POST', url: '/x', httpPart: 'body', httpStatus: '200' }) as never;

describe('shared schema compilers', () => {
  test('validators: a second app gets the compile the first made; the validator still refuses and strips', () => {
    const first = sharedSchemaCompilers.buildValidator!({}, ajvOptions as never);
    const second = sharedSchemaCompilers.buildValidator!({}, ajvOptions as never);
    const validate = first(route(Body)) as unknown as (data: unknown) => boolean;
    expect(second(route(Body))).toBe(validate);
    // Another schema object is compiled for itself, and other Ajv options get another Ajv.
    expect(second(route(Type.Object({ name: Type.String() })))).not.toBe(validate);
    const strict = sharedSchemaCompilers.buildValidator!({}, { customOptions: { allErrors: true } } as never);
    expect(strict).not.toBe(first);
    const body = { name: 'Asha', count: '3', extra: 'dropped' };
    expect(validate(body)).toBe(true);
    expect(body).toEqual({ name: 'Asha', count: 3 });
    expect(validate({ name: '', count: 1 })).toBe(false);
  });

  test('serializers: one compile per schema object and options; the output keeps only declared fields', () => {
    const first = sharedSchemaCompilers.buildSerializer!({}, {});
    const serialize = first(route(Answer));
    expect(sharedSchemaCompilers.buildSerializer!({}, {})(route(Answer))).toBe(serialize);
    expect(first(route(Type.Object({ id: Type.String() })))).not.toBe(serialize);
    expect(sharedSchemaCompilers.buildSerializer!({}, { rounding: 'floor' } as never)(route(Answer))).not.toBe(serialize);
    expect(JSON.parse(serialize({ id: 'a1', size: 7, secret: 'never sent' }))).toEqual({ id: 'a1', size: 7 });
  });
});
