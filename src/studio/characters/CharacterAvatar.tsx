import { Box, HStack, Text, type BoxProps } from '@chakra-ui/react';
import type { Character } from '../../stores/characterStore';

/** A character's face as a round picture (decorative: its name is always written beside it). */
export function CharacterAvatar({ character, size = '8', ...rest }: { character: Pick<Character, 'face_url' | 'name'>; size?: BoxProps['boxSize'] } & BoxProps) {
  return (
    <Box boxSize={size} rounded="full" overflow="hidden" flexShrink={0} bg="bg.muted" borderWidth="1px" borderColor="border.emphasized" {...rest}>
      <img src={character.face_url} alt="" loading="lazy" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
    </Box>
  );
}

/** A small avatar-and-name chip: whose an item is (gallery, queue). */
export function CharacterChip({ character }: { character: Pick<Character, 'face_url' | 'name'> }) {
  return (
    <HStack gap="1.5" rounded="full" bg="bg.muted" borderWidth="1px" borderColor="border.muted" ps="0.5" pe="2.5" py="0.5" maxW="full" w="fit-content">
      <CharacterAvatar character={character} size="5" borderWidth="0" />
      <Text fontSize="xs" fontWeight="medium" truncate>
        <Box as="span" srOnly>
          Character:{' '}
        </Box>
        {character.name}
      </Text>
    </HStack>
  );
}
