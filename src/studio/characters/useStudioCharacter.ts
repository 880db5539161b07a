// The studio screens and the chosen character (issue 44): the character loaded with the screen,
// and its face (and gender) filling the screen's pickers whenever another one is chosen.
import { useEffect, useRef } from 'react';
import { currentCharacter, useCharacterStore, type Character } from '../../stores/characterStore';
import type { GalleryData, GalleryFace } from '../galleryStore';

/** The chosen character (null for none), the characters loading with the screen. */
export function useCurrentCharacter(): Character | null {
  const fetch = useCharacterStore((s) => s.fetch);
  useEffect(() => void fetch(), [fetch]);
  return useCharacterStore(currentCharacter);
}

/** The character's face as the face pickers hold it: its gallery face when it is one, else the portrait. */
export function characterFace(c: Character, data: GalleryData | null): GalleryFace {
  return data?.faces.find((f) => f.image_url === c.face_url) ?? { id: `character:${c.id}`, image_url: c.face_url, gender: c.gender, face_prompt: null, created_at: c.created_at, character_id: c.id };
}

/** Calls `fill` with the character each time one is chosen (or its face changes); nothing for "No character". */
export function useFillWithCharacter(character: Character | null, fill: (c: Character) => void): void {
  const latest = useRef(fill);
  latest.current = fill;
  const key = character ? `${character.id} ${character.face_url}` : null;
  useEffect(() => {
    if (character) latest.current(character);
    // `key` stands for the character's id and face: a new object of the same character fills nothing again.
  }, [key]);
}
