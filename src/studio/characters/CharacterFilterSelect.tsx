import { CHARACTER_NONE } from '../../../contract/characters';
import type { Character } from '../../stores/characterStore';
import { NativeSelect } from '../ui/NativeSelect';

/** "All characters", "No character" or one of them: the gallery's and the queue's filter (issue 44). */
export function CharacterFilterSelect({ id, characters, value, onChange }: { id: string; characters: readonly Character[]; value: string; onChange: (value: string) => void }) {
  return (
    <NativeSelect id={id} value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">All characters</option>
      <option value={CHARACTER_NONE}>No character</option>
      {characters.map((c) => (
        <option key={c.id} value={c.id}>
          {c.name}
        </option>
      ))}
    </NativeSelect>
  );
}
