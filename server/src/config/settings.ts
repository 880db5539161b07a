import { authSettings } from './auth.ts';
import { databaseSettings } from './database.ts';
import { developerSettings } from './developer.ts';
import { engineSettings, generationSettings } from './generation.ts';
import { mailSettings } from './mail.ts';
import { paymentsSettings } from './payments.ts';
import { provenanceSettings } from './provenance.ts';
import { queueSettings } from './queue.ts';
import { serverSettings } from './server.ts';
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

export type SettingSchemas = typeof SETTINGS;
export type SettingName = keyof SettingSchemas;

/** Every setting the server reads, for README and for `--help`-style listings: made from the schemas. */
export const configTable: readonly ConfigDoc[] = Object.entries(SETTINGS).map(([name, schema]) => docOf(name, schema));
