import { Box, Button, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { AccentButton } from '../../app/ui/AccentButton';
import { charactersOf, useCharacterStore, type Character } from '../../stores/characterStore';
import { activityText, countsText } from '../../studio/characters/characterText';
import { NewCharacterDialog } from '../../studio/characters/NewCharacterDialog';
import { LoadFailed, Loading } from '../../studio/ui/LoadState';
import { StudioScreenFrame } from '../../studio/ui/StudioScreen';

function CharacterCard({ character }: { character: Character }) {
  return (
    <Stack as="li" gap="0" bg="bg.panel" borderWidth="1px" borderColor="border.muted" rounded="2xl" overflow="hidden" position="relative" transition="border-color 0.15s" _hover={{ borderColor: 'brand.500' }} _focusWithin={{ borderColor: 'brand.400' }}>
      <Box aspectRatio="4 / 5" bg="bg.muted">
        <img src={character.face_url} alt="" loading="lazy" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      </Box>
      <Stack gap="1" p={{ base: 3, md: 4 }}>
        <Heading as="h2" size="md" truncate>
          {/* The link covers the card: one stop per character for the keyboard. */}
          <Link asChild color="fg" _focusVisible={{ outline: 'none' }} _after={{ content: '""', position: 'absolute', inset: 0, rounded: '2xl' }} css={{ '&:focus-visible::after': { outline: '2px solid', outlineColor: 'var(--chakra-colors-brand-focus-ring)', outlineOffset: '2px' } }}>
            <RouterLink to={`/characters/${encodeURIComponent(character.id)}`}>{character.name}</RouterLink>
          </Link>
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {countsText(character.counts)}
        </Text>
        <Text fontSize="xs" color="fg.subtle">
          {activityText(character.last_activity_at)}
        </Text>
      </Stack>
    </Stack>
  );
}

/** Characters (/characters, issue 44): the user's characters as cards, and "New character". */
export default function CharactersPage() {
  const fetch = useCharacterStore((s) => s.fetch);
  const load = useCharacterStore((s) => s.load);
  const characters = useCharacterStore(charactersOf);
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  useEffect(() => void fetch(true), [fetch]);
  const savedAt = load.state === 'ready' && load.stale ? load.savedAt : undefined;

  return (
    <StudioScreenFrame title="Your" highlight="Characters">
      <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ base: 'stretch', sm: 'center' }} gap="3" mb="6">
        <Text color="fg.muted" maxW="2xl">
          Each character keeps a face, a voice, a style and everything made with it.
        </Text>
        <AccentButton onClick={() => setCreating(true)} flexShrink={0}>
          New character
        </AccentButton>
      </Stack>
      {savedAt !== undefined && (
        <Box role="status" rounded="xl" borderWidth="1px" borderColor="border.emphasized" bg="bg.panel" px="4" py="3" mb="5" fontSize="sm">
          Your characters could not be refreshed, so they are shown as saved on this device on {new Date(savedAt).toLocaleString()}.
          <Button size="xs" variant="outline" ms="3" onClick={() => void fetch(true)}>
            Try again
          </Button>
        </Box>
      )}
      {load.state === 'error' ? (
        <LoadFailed message={load.message} onRetry={() => void fetch(true)} />
      ) : load.state !== 'ready' ? (
        <Loading label="Loading your characters" />
      ) : characters.length === 0 ? (
        <Stack align="center" textAlign="center" py="12" gap="3" rounded="2xl" borderWidth="1px" borderStyle="dashed" borderColor="border.emphasized" px="4">
          <Heading as="h2" size="lg">
            No characters yet
          </Heading>
          <Text color="fg.muted" maxW="md">
            Make a character from one of your faces, or upload a portrait: then every screen can use its face, voice and style.
          </Text>
          <Button variant="outline" onClick={() => setCreating(true)}>
            Create your first character
          </Button>
          <Link asChild color="brand.300" fontWeight="semibold" fontSize="sm">
            <RouterLink to="/face">or generate a face first</RouterLink>
          </Link>
        </Stack>
      ) : (
        <SimpleGrid as="ul" listStyleType="none" aria-label="Your characters" columns={{ base: 2, md: 3, xl: 4 }} gap={{ base: 3, md: 5 }}>
          {characters.map((c) => (
            <CharacterCard key={c.id} character={c} />
          ))}
        </SimpleGrid>
      )}
      <NewCharacterDialog open={creating} onClose={() => setCreating(false)} onCreated={(c) => {
        setCreating(false);
        navigate(`/characters/${encodeURIComponent(c.id)}`);
      }} />
    </StudioScreenFrame>
  );
}
