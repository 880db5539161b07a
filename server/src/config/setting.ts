import type { TSchema } from 'typebox';

// The vocabulary of the settings' schemas (one file per area in config/: server.ts, storage.ts, …):
// each setting is a TypeBox schema whose `description` and `default` (or `defaultText`) are the
// README's; a text setting's `format` is checked by config/formats.ts.

/** The formats of text settings (config/formats.ts says what each accepts). */
export type TextFormat =
  | 'text' | 'secret' | 'word' | 'path' | 'directory' | 'executable' | 'postgres-url' | 'smtp-url' | 'base-url'
  | 'absolute-url' | 'redis-url' | 'key-prefix' | 'country' | 'trust-proxy' | 'plan-ids' | 'host-list' | 'engines'
  | 'duration-list';

export const ENGINE_NAMES = ['local', 'replicate', 'comfyui'] as const;

/** What a setting's schema declares beyond its type (TypeBox keeps these options at run time, not in the type). */
export interface SettingOptions {
  description?: string;
  default?: unknown;
  /** The README's Default column when the value alone does not tell it (it depends on other settings, or is a search). */
  defaultText?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  format?: TextFormat;
  enum?: readonly string[];
}

export const declared = (schema: TSchema): SettingOptions => schema as SettingOptions;

/** A setting's row in the README's table (and in --help-style listings). */
export interface ConfigDoc {
  name: string;
  default: string;
  description: string;
}

/** What the Default column says: `defaultText` when the value alone does not tell it (it depends on other settings), else the default, else (unset). */
export function defaultText(setting: TSchema): string {
  const schema = declared(setting);
  if (schema.defaultText !== undefined) return schema.defaultText;
  return schema.default === undefined ? '(unset)' : String(schema.default);
}

export function docOf(name: string, schema: TSchema): ConfigDoc {
  return { name, default: defaultText(schema), description: declared(schema).description ?? '' };
}
