// The user's characters (issue 44) and the one chosen on this device. Loaded once per user (and
// again after every change); the device's copy (src/lib/characterDevice.ts) shows at once while
// the fresh list loads, and instead of it offline, as the gallery does. The chosen character is
// remembered on the device: every studio screen starts with it. Importing this starts nothing.
import { create } from 'zustand';
import type { Character, CharacterList, CreateCharacterBody, UpdateCharacterBody } from '../api/characters';
import { charactersApi } from '../api/characters';
import { ApiError } from '../api/client';
import { readCurrentCharacter, readSavedCharacters, saveCharacters, saveCurrentCharacter } from '../lib/characterDevice';
import { getSession, SessionKey } from '../lib/session';

export type { Character };
export type VoicePresetView = CharacterList['voices'][number];

/** `savedAt`: the list is the device's copy from then; `stale`: a fresh one could not be loaded. */
export type CharactersLoad =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'ready'; list: CharacterList; savedAt?: number; stale?: boolean }
  | { state: 'error'; message: string };

interface CharacterState {
  userId: string | null;
  load: CharactersLoad;
  /** The character chosen on this device; null for "No character". */
  currentId: string | null;
  /** The screens' "Use style" switch: the character's style words join the prompt (use_style). */
  styleOn: boolean;
  setStyleOn: (on: boolean) => void;
  /** Loads unless loaded for this user (or `force`). */
  fetch: (force?: boolean) => Promise<void>;
  /** Chooses a character (null: none) and remembers it on the device. */
  choose: (id: string | null) => void;
  create: (body: CreateCharacterBody) => Promise<Character>;
  update: (id: string, changes: UpdateCharacterBody) => Promise<Character>;
  remove: (id: string, deleteOutputs: boolean) => Promise<void>;
}

let inFlight: Promise<void> | null = null;

const loadError = (err: unknown) =>
  err instanceof ApiError && err.status === 0 ? 'Your characters could not be loaded: you seem to be offline.' : 'Your characters could not be loaded. Please try again.';

export const useCharacterStore = create<CharacterState>((set, get) => {
  /** Replaces the list (after a change), keeps it on the device. */
  const keep = (userId: string, list: CharacterList) => {
    if (getSession(SessionKey.userId) !== userId) return;
    set({ load: { state: 'ready', list } });
    void saveCharacters(userId, list);
  };
  const listNow = (): CharacterList => {
    const { load } = get();
    return load.state === 'ready' ? load.list : { characters: [], voices: [] };
  };

  return {
    userId: null,
    load: { state: 'idle' },
    currentId: null,
    styleOn: true,
    setStyleOn: (on) => set({ styleOn: on }),
    fetch: (force = false) => {
      const userId = getSession(SessionKey.userId);
      if (!userId) return Promise.resolve();
      const { load, userId: owner } = get();
      if (owner !== userId) {
        set({ userId, load: { state: 'idle' }, currentId: null });
        void readCurrentCharacter(userId).then((id) => {
          // A choice made meanwhile on this page wins over the remembered one.
          if (get().userId === userId && get().currentId === null && id) set({ currentId: id });
        });
      } else if (!force && (load.state === 'ready' || load.state === 'loading')) return inFlight ?? Promise.resolve();
      if (get().load.state !== 'ready') {
        set({ load: { state: 'loading' } });
        void readSavedCharacters(userId).then((saved) => {
          if (saved && get().load.state !== 'ready' && getSession(SessionKey.userId) === userId) {
            set({ load: { state: 'ready', list: { characters: saved.characters, voices: saved.voices }, savedAt: saved.savedAt } });
          }
        });
      }
      inFlight = charactersApi
        .list()
        .then((res) => keep(userId, res.data))
        .catch(async (err: unknown) => {
          if (getSession(SessionKey.userId) !== userId) return;
          const shown = get().load;
          if (shown.state === 'ready') return void (shown.savedAt && set({ load: { ...shown, stale: true } }));
          const saved = await readSavedCharacters(userId);
          if (saved) return set({ load: { state: 'ready', list: { characters: saved.characters, voices: saved.voices }, savedAt: saved.savedAt, stale: true } });
          set({ load: { state: 'error', message: loadError(err) } });
        })
        .finally(() => {
          inFlight = null;
        });
      return inFlight;
    },
    choose: (id) => {
      set({ currentId: id });
      const userId = getSession(SessionKey.userId);
      if (userId) void saveCurrentCharacter(userId, id);
    },
    create: async (body) => {
      const userId = getSession(SessionKey.userId) ?? '';
      const { data } = await charactersApi.create(body);
      const list = listNow();
      keep(userId, { ...list, characters: [data, ...list.characters.filter((c) => c.id !== data.id)] });
      return data;
    },
    update: async (id, changes) => {
      const userId = getSession(SessionKey.userId) ?? '';
      const { data } = await charactersApi.update(id, changes);
      const list = listNow();
      keep(userId, { ...list, characters: list.characters.map((c) => (c.id === id ? data : c)) });
      return data;
    },
    remove: async (id, deleteOutputs) => {
      const userId = getSession(SessionKey.userId) ?? '';
      await charactersApi.remove(id, deleteOutputs);
      const list = listNow();
      keep(userId, { ...list, characters: list.characters.filter((c) => c.id !== id) });
      if (get().currentId === id) get().choose(null);
    },
  };
});

/** The loaded characters of the signed-in user (empty until loaded). */
export function charactersOf(state: CharacterState): readonly Character[] {
  return state.load.state === 'ready' && state.userId === getSession(SessionKey.userId) ? state.load.list.characters : NONE;
}
const NONE: readonly Character[] = [];

/** The chosen character, once it is in the loaded list (a deleted one is no choice). */
export function currentCharacter(state: CharacterState): Character | null {
  return state.currentId ? (charactersOf(state).find((c) => c.id === state.currentId) ?? null) : null;
}

export const characterById = (state: CharacterState, id: string | null | undefined): Character | null =>
  id ? (charactersOf(state).find((c) => c.id === id) ?? null) : null;

/** The preset voices the server offers (empty until loaded). */
export function voicesOf(state: CharacterState): readonly VoicePresetView[] {
  return state.load.state === 'ready' ? state.load.list.voices : NO_VOICES;
}
const NO_VOICES: readonly VoicePresetView[] = [];

/** The current character's id, read when a call is made (not a hook): null for none. */
export const currentCharacterId = (): string | null => currentCharacter(useCharacterStore.getState())?.id ?? null;

/**
 * What a generation call adds for the chosen character: its id (the server fills in its face where
 * none is given and tags the result) and, on calls with a prompt, use_style from the switch.
 * Nothing at all with no character chosen: the spec's calls stay exactly as they were.
 */
export function characterFields(prompt: boolean): { character_id?: string; use_style?: boolean } {
  const state = useCharacterStore.getState();
  const id = currentCharacter(state)?.id;
  if (!id) return {};
  return prompt ? { character_id: id, use_style: state.styleOn } : { character_id: id };
}

/**
 * The face URL a call sends: empty for the chosen character's own face, which the server fills in
 * from the character (a portrait or an image is no gallery face a call could name); else `url`.
 */
export function faceUrlFor(url: string): string {
  const character = currentCharacter(useCharacterStore.getState());
  return character && character.face_url === url ? '' : url;
}

/** The same for a multipart call. */
export function appendCharacter(form: FormData): FormData {
  for (const [name, value] of Object.entries(characterFields(false))) form.append(name, String(value));
  return form;
}
