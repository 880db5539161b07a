import { Type, type StaticDecode } from 'typebox';
import { authSettings } from './auth.ts';
import { databaseSettings } from './database.ts';
import { developerSettings } from './developer.ts';
import { engineSettings, generationSettings } from './generation.ts';
import { mailSettings } from './mail.ts';
import { paymentsSettings } from './payments.ts';
import { provenanceSettings } from './provenance.ts';
import { queueSettings } from './queue.ts';
import { serverSettings } from './server.ts';
import type { ReadSettings } from './parse.ts';
import { docOf, type ConfigDoc } from './setting.ts';
import { storageSettings } from './storage.ts';

/** Every setting's schema, by environment variable, area by area. */
export const SETTINGS = {
  ...serverSettings.properties,
  ...databaseSettings.properties,
  ...storageSettings.properties,
  ...authSettings.properties,
  ...mailSettings.properties,
  ...paymentsSettings.properties,
  ...queueSettings.properties,
  ...generationSettings.properties,
  ...engineSettings.properties,
  ...provenanceSettings.properties,
  ...developerSettings.properties,
};

/** The environment as the server reads it: every setting, by its schema. */
export const settingsSchema = Type.Object(SETTINGS);

/** Every setting, checked and decoded (a path resolved, a list split, …). */
export type Env = StaticDecode<typeof settingsSchema>;
/** What the checks between settings work from. */
export type Read = ReadSettings<typeof settingsSchema>;

/** Every setting the server reads, for README and for `--help`-style listings: made from the schemas. */
export const configTable: readonly ConfigDoc[] = Object.entries(SETTINGS).map(([name, schema]) => docOf(name, schema));
