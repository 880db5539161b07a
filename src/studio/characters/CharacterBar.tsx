// The chosen character at the top of every generation screen (issue 44): its avatar and name, a
// switcher with "No character", and on screens with a prompt the "Use style" switch.
import { Box, chakra, HStack, Link, Stack, Switch, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { charactersOf, useCharacterStore } from '../../stores/characterStore';
import { CharacterSelect } from './CharacterSelect';
import { CharacterAvatar } from './CharacterAvatar';
import { useCurrentCharacter } from './useStudioCharacter';

export function CharacterBar({ styleSwitch = false }: { styleSwitch?: boolean }) {
  const id = useId();
  const character = useCurrentCharacter();
  const characters = useCharacterStore(charactersOf);
  const choose = useCharacterStore((s) => s.choose);
  const styleOn = useCharacterStore((s) => s.styleOn);
  const setStyleOn = useCharacterStore((s) => s.setStyleOn);
  return (
    <Stack as="section" aria-label="Current character" direction={{ base: 'column', md: 'row' }} gap={{ base: 3, md: 5 }} align={{ base: 'stretch', md: 'center' }} rounded="2xl" borderWidth="1px" borderColor={character ? 'brand.700' : 'border.muted'} bg="bg.panel" px={{ base: 3, md: 4 }} py="3" mb="5">
      <HStack gap="3" flex="1" minW="0">
        {character ? (
          <CharacterAvatar character={character} size="10" />
        ) : (
          <Box boxSize="10" rounded="full" flexShrink={0} bg="bg.muted" borderWidth="1px" borderStyle="dashed" borderColor="border.emphasized" />
        )}
        <Stack gap="1" flex="1" minW="0" maxW={{ md: '18rem' }}>
          <chakra.label htmlFor={`${id}-select`} fontSize="xs" color="fg.muted" lineHeight="1">
            Character
          </chakra.label>
          <CharacterSelect id={`${id}-select`} h="9" fontSize="sm" characters={characters} value={character?.id ?? ''} onChange={(v) => choose(v || null)} />
        </Stack>
      </HStack>
      {character && styleSwitch && (
        <Switch.Root checked={styleOn} onCheckedChange={(e) => setStyleOn(e.checked)} colorPalette="brand" size="sm" display="flex" alignItems="center" gap="2" disabled={!character.style}>
          <Switch.HiddenInput aria-describedby={`${id}-style`} />
          <Switch.Control>
            <Switch.Thumb />
          </Switch.Control>
          <Stack gap="0">
            <Switch.Label fontSize="sm" fontWeight="medium">
              Use style
            </Switch.Label>
            <Text id={`${id}-style`} fontSize="xs" color="fg.muted" maxW="16rem" truncate>
              {character.style || 'This character has no style words yet.'}
            </Text>
          </Stack>
        </Switch.Root>
      )}
      <Text fontSize="xs" color="fg.muted" flexShrink={0}>
        {character ? `New results are filed under ${character.name}. ` : ''}
        <Link asChild color="brand.300" fontWeight="semibold">
          <RouterLink to={character ? `/characters/${encodeURIComponent(character.id)}` : '/characters'}>{character ? 'Profile' : 'Your characters'}</RouterLink>
        </Link>
      </Text>
    </Stack>
  );
}
