import type { ComponentProps } from 'react';
import { CHARACTER_NONE } from '../../../contract/characters';
import type { Character } from '../../stores/characterStore';
import { NativeSelect } from '../ui/NativeSelect';

type SelectProps = Omit<ComponentProps<typeof NativeSelect>, 'value' | 'onChange' | 'children'>;

/**
 * One of the user's characters, or "No character" ('') (issue 44). As a filter (the gallery's and the
 * queue's), "All characters" ('') comes first and "No character" is CHARACTER_NONE.
 */
export function CharacterSelect({ characters, value, onChange, filter = false, ...rest }: { characters: readonly Character[]; value: string; onChange: (value: string) => void; filter?: boolean } & SelectProps) {
  return (
    <NativeSelect value={value} onChange={(e) => onChange(e.target.value)} {...rest}>
      {filter && <option value="">All characters</option>}
      <option value={filter ? CHARACTER_NONE : ''}>No character</option>
      {characters.map((c) => (
        <option key={c.id} value={c.id}>
          {c.name}
        </option>
      ))}
    </NativeSelect>
  );
}
