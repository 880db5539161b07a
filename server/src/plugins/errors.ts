import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifySchemaValidationError } from 'fastify';
import type { ErrorBody } from '../../../contract/common.ts';
import { FREE_TEXT_PATTERN } from '../../../contract/text.ts';
import { HttpError } from '../http-error.ts';

/** 400 naming the field for schema failures, the message for other 4xx and our own 5xx HttpErrors, nothing internal. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { status?: number; field?: string; headers?: Record<string, string> }, request, reply) => {
    if (error.validation) {
      return reply.code(400).send(describeValidation(error.validation, error.validationContext));
    }
    const status = error.statusCode ?? error.status ?? 500;
    if (error.headers) reply.headers(error.headers);
    if (status >= 400 && status < 500) {
      const body: ErrorBody = { error: error.message || STATUS_CODES[status] || 'Bad request' };
      if (typeof error.field === 'string') body.field = error.field;
      return reply.code(status).send(body);
    }
    request.log.error({ err: error }, 'request failed');
    const code = status >= 500 && status < 600 ? status : 500;
    // Our own HttpError's words are written for the caller; any other failure's stay in the log.
    if (error instanceof HttpError) return reply.code(code).send({ error: error.message });
    return reply.code(code).send({ error: code === 500 ? 'Internal server error' : (STATUS_CODES[code] ?? 'Internal server error') });
  });
}

const CONTEXT_LABEL: Record<string, string> = {
  body: 'Request body',
  querystring: 'Query string',
  params: 'Path',
  headers: 'Headers',
};

/** Turns ajv's first error into `{error: '<field> <message>', field}`. */
export function describeValidation(errors: FastifySchemaValidationError[], context?: string): ErrorBody {
  const first = errors[0];
  if (!first) return { error: 'Invalid request' };
  const segments = first.instancePath.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const params = first.params as Record<string, unknown>;
  if (first.keyword === 'required') segments.push(String(params.missingProperty));
  const field = segments.join('.');
  const message = messageFor(first, errors);
  if (!field) return { error: `${CONTEXT_LABEL[context ?? ''] ?? 'Request'} ${message}` };
  return { error: `${field} ${message}`, field };
}

function messageFor(first: FastifySchemaValidationError, all: FastifySchemaValidationError[]): string {
  const params = first.params as Record<string, unknown>;
  switch (first.keyword) {
    case 'required':
      return 'is required';
    case 'format':
      return params.format === 'email' ? 'must be a valid email address' : `must be a valid ${String(params.format)}`;
    case 'minLength':
      return params.limit === 1 ? 'must not be empty' : `must be at least ${String(params.limit)} characters`;
    case 'maxLength':
      return `must be at most ${String(params.limit)} characters`;
    case 'type':
      return params.type === 'object' ? 'must be a JSON object' : `must be a ${String(params.type)}`;
    case 'const': {
      // A union of literals fails once per branch: list every allowed value.
      const allowed = all
        .filter((e) => e.keyword === 'const' && e.instancePath === first.instancePath)
        .map((e) => JSON.stringify((e.params as { allowedValue: unknown }).allowedValue));
      return `must be one of ${allowed.join(', ')}`;
    }
    case 'pattern':
      // The free-text rule (contract/text.ts) says what it refuses; other patterns keep ajv's words.
      return params.pattern === FREE_TEXT_PATTERN ? 'cannot contain control characters.' : (first.message ?? 'is invalid');
    case 'enum':
      return `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    default:
      return first.message ?? 'is invalid';
  }
}
