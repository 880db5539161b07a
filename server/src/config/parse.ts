import { type StaticDecode, type TObject, type TSchema } from 'typebox';
import Value from 'typebox/value';
import { formatProblems, registerFormats } from './formats.ts';
import { declared } from './setting.ts';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Records a problem of one setting (the checks between settings report theirs through it). */
export type Report = (name: string, message: string) => void;

/** `NAME message (got "value")`; secrets and tokens are never echoed: the message reaches logs and terminals. */
function problemText(env: NodeJS.ProcessEnv, name: string, message: string): string {
  const raw = /SECRET|TOKEN/.test(name) ? undefined : env[name];
  return `${name} ${message}${raw === undefined ? '' : ` (got ${JSON.stringify(raw)})`}`;
}

/** What operators read for a value TypeBox refused: the format's own words, else the setting's type and range. */
function messagesOf(setting: TSchema, keyword: string, raw: string): string[] {
  const schema = declared(setting) as ReturnType<typeof declared> & { type?: string };
  if (keyword === 'format' && schema.format) return formatProblems(schema.format, raw);
  if (schema.enum) return [`must be one of ${schema.enum.join(', ')}`];
  if (schema.type === 'integer') return [`must be a whole number from ${schema.minimum ?? 0} to ${schema.maximum ?? Number.MAX_SAFE_INTEGER}`];
  if (schema.type === 'boolean') return ['must be true or false'];
  if (keyword === 'minLength') return [`must be at least ${schema.minLength ?? 0} characters`];
  throw new Error(`config: no message for a ${keyword} problem`);
}

/** A setting that must be given because another (`because`) chose what needs it. */
export function required(values: Readonly<Record<string, unknown>>, report: Report, name: string, because: string): string {
  if (values[name] === undefined) report(name, `is required with ${because}`);
  return String(values[name] ?? '');
}

export interface ReadSettings<T extends TObject> {
  /** Every setting, checked and decoded; a refused one has its default (or is unset). */
  values: StaticDecode<T>;
  /** The settings given (trimmed; an empty value is unset), for checks that depend on whether one was. */
  given: Readonly<Partial<Record<keyof T['properties'], string>>>;
  report: Report;
  problems: string[];
}

/**
 * Reads environment variables by their schemas with TypeBox's Value pipeline: Convert (text to
 * number or boolean), Default, Errors (each setting's first problem, in operators' words), Decode.
 */
export function readSettings<T extends TObject>(schema: T, env: NodeJS.ProcessEnv): ReadSettings<T> {
  registerFormats();
  const problems: string[] = [];
  const report: Report = (name, message) => problems.push(problemText(env, name, message));
  const given: Record<string, string> = {};
  for (const name of Object.keys(schema.properties)) {
    const raw = env[name]?.trim();
    if (raw) given[name] = raw;
  }
  const value = Value.Convert(schema, { ...given }) as Record<string, unknown>;
  // A conversion may change a value's type, never what it says: 1.5 is not the whole number 1, nor TRUE true.
  for (const [name, raw] of Object.entries(given)) if (String(value[name]) !== raw) value[name] = raw;
  Value.Default(schema, value);
  // Setting by setting: TypeBox stops listing a value's errors after a few, operators want them all.
  for (const [name, setting] of Object.entries(schema.properties)) {
    const [error] = value[name] === undefined ? [] : Value.Errors(setting, value[name]);
    if (!error) continue;
    for (const message of messagesOf(setting, error.keyword, given[name] ?? '')) report(name, message);
    // A refused value falls back to its default, so the checks between settings still run and list their problems too.
    delete value[name];
  }
  const values = Value.Decode(schema, Value.Default(schema, value)) as StaticDecode<T>;
  return { values, given: given as ReadSettings<T>['given'], report, problems };
}
