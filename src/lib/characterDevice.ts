// The device's copy of the user's characters (issue 44, ARCHITECTURE §5): the last list, the
// character chosen on this device, and each character's last outputs, in one IndexedDB store
// (idb-keyval), so /characters and a profile open offline. Cleared with the session at sign-out
// (persistedSession.ts clearUserData). Without IndexedDB nothing is kept and nothing fails.
import { createStore, get, set, type UseStore } from 'idb-keyval';
import type { CharacterList } from '../../contract/characters';
import type { GallerySearchResponse } from '../../contract/studio';
import { CHARACTERS_DB } from '../../contract/sw-messages';

export interface SavedCharacters extends CharacterList {
  savedAt: number;
}

export type SavedOutputs = { groups: Omit<GallerySearchResponse, 'next_cursor'>; savedAt: number };

let db: UseStore | null = null;
const store = () => (db ??= createStore(CHARACTERS_DB.name, CHARACTERS_DB.store));

const listKey = (userId: string) => `list:${userId}`;
const currentKey = (userId: string) => `current:${userId}`;
const outputsKey = (userId: string, characterId: string) => `outputs:${userId}:${characterId}`;

async function read<T>(key: string): Promise<T | undefined> {
  try {
    return await get<T>(key, store());
  } catch {
    return undefined;
  }
}

async function write(key: string, value: unknown): Promise<void> {
  try {
    await set(key, value, store());
  } catch {
    // No IndexedDB (private mode, quota): not kept for offline use.
  }
}

export const readSavedCharacters = (userId: string) => read<SavedCharacters>(listKey(userId));
export const saveCharacters = (userId: string, list: CharacterList) => write(listKey(userId), { ...list, savedAt: Date.now() } satisfies SavedCharacters);

/** The character chosen on this device (null: none chosen, or "No character"). */
export const readCurrentCharacter = async (userId: string) => (await read<string | null>(currentKey(userId))) ?? null;
export const saveCurrentCharacter = (userId: string, characterId: string | null) => write(currentKey(userId), characterId);

export const readSavedOutputs = (userId: string, characterId: string) => read<SavedOutputs>(outputsKey(userId, characterId));
export const saveOutputs = (userId: string, characterId: string, groups: SavedOutputs['groups']) =>
  write(outputsKey(userId, characterId), { groups, savedAt: Date.now() } satisfies SavedOutputs);
