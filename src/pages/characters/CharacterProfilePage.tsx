import { Box, Button, chakra, Grid, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { voicePreset } from '../../../contract/characters';
import { AccentButton } from '../../app/ui/AccentButton';
import { characterById, useCharacterStore, type Character } from '../../stores/characterStore';
import { draftOf, refusedBy, updateBody } from '../../studio/characters/characterDraft';
import { useCharacterDraft } from '../../studio/characters/useCharacterDraft';
import { activityText, countsText } from '../../studio/characters/characterText';
import { CharacterFields } from '../../studio/characters/CharacterFields';
import { HearIt } from '../../studio/characters/VoiceFields';
import { GallerySearchResults, NO_FILTERS } from '../../studio/ui/GallerySearch';
import type { Item } from '../../studio/ui/GalleryItem';
import { PreviewDialog } from '../../studio/ui/PreviewDialog';
import { LoadFailed, Loading } from '../../studio/ui/LoadState';
import { formCard, StudioScreenFrame } from '../../studio/ui/StudioScreen';
import { DeleteCharacterDialog } from './DeleteCharacterDialog';

const MAKE = [
  { label: 'Make an image', to: '/image' },
  { label: 'Make a video', to: '/video' },
  { label: 'Make a talking clip', to: '/talk' },
] as const;

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Stack gap="1">
      <Text as="dt" fontSize="xs" textTransform="uppercase" letterSpacing="0.08em" color="fg.muted" fontWeight="semibold">
        {term}
      </Text>
      <Box as="dd" m="0">
        {children}
      </Box>
    </Stack>
  );
}

function Details({ character }: { character: Character }) {
  const v = character.voice;
  return (
    <Stack as="dl" gap="5">
      <Detail term="Bio">{character.bio ? <Text whiteSpace="pre-line">{character.bio}</Text> : <Text color="fg.muted">No bio yet.</Text>}</Detail>
      <Detail term="Style">{character.style ? <Text>{character.style}</Text> : <Text color="fg.muted">No style words yet.</Text>}</Detail>
      <Detail term="Voice">
        {v.type === 'preset' ? (
          <Stack gap="2">
            <Text>{`${voicePreset(v.preset)?.label ?? v.preset} ${character.gender} voice · pitch ${v.pitch} · ${v.speed} words a minute`}</Text>
            <HearIt preset={v.preset} pitch={v.pitch} speed={v.speed} />
          </Stack>
        ) : (
          <Stack gap="2">
            <Text>{`Voice sample, ${Math.round(v.seconds)} s`}</Text>
            <audio src={v.sample_url} controls preload="none" aria-label={`${character.name}'s voice sample`} style={{ width: '100%' }} />
          </Stack>
        )}
      </Detail>
    </Stack>
  );
}

/** Edit in place: the character's fields, only what changed sent (PATCH). */
function EditForm({ character, onDone }: { character: Character; onDone: () => void }) {
  const update = useCharacterStore((s) => s.update);
  const { draft, errors, busy, change, submit } = useCharacterDraft(
    () => draftOf(character),
    async (d) => {
      const body = await updateBody(d, character);
      if (body) await refusedBy(() => update(character.id, body));
      onDone();
    },
  );
  return (
    <chakra.form display="flex" flexDirection="column" gap="5" onSubmit={(e) => void submit(e)} noValidate aria-label={`Edit ${character.name}`}>
      <CharacterFields draft={draft} onChange={change} errors={errors} />
      {errors.form && (
        <Text role="alert" color="fg.error" fontSize="sm">
          {errors.form}
        </Text>
      )}
      <HStack gap="3" justify="flex-end">
        <Button variant="ghost" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <AccentButton type="submit" loading={busy} loadingText="Saving">
          Save changes
        </AccentButton>
      </HStack>
    </chakra.form>
  );
}

/** A character's profile (/characters/:id, issue 44): face, bio, style, voice, edit in place, its outputs by kind. */
export default function CharacterProfilePage() {
  const { id = '' } = useParams();
  const fetch = useCharacterStore((s) => s.fetch);
  const load = useCharacterStore((s) => s.load);
  const character = useCharacterStore((s) => characterById(s, id));
  const choose = useCharacterStore((s) => s.choose);
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [preview, setPreview] = useState<Item | null>(null);
  // Fresh counts and last activity on every visit (a new result changes them).
  useEffect(() => void fetch(true), [fetch]);
  // Its outputs again after an edit or a new result (last activity moves).
  const filters = useMemo(() => ({ ...NO_FILTERS, character: id }), [id, character?.last_activity_at]);

  if (!character) {
    return (
      <StudioScreenFrame title="Character">
        {load.state === 'ready' ? (
          <Stack align="center" py="12" gap="3" role="alert">
            <Text>Character not found.</Text>
            <Link asChild color="brand.300" fontWeight="semibold">
              <RouterLink to="/characters">Back to your characters</RouterLink>
            </Link>
          </Stack>
        ) : load.state === 'error' ? (
          <LoadFailed message={load.message} onRetry={() => void fetch(true)} />
        ) : (
          <Loading label="Loading the character" />
        )}
      </StudioScreenFrame>
    );
  }

  const make = (to: string) => {
    choose(character.id);
    navigate(to);
  };

  return (
    <StudioScreenFrame title={character.name}>
      <Link asChild color="brand.300" fontSize="sm" fontWeight="semibold" mb="4" display="inline-block">
        <RouterLink to="/characters">← All characters</RouterLink>
      </Link>
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: '20rem minmax(0, 1fr)' }} gap={{ base: 5, md: 8 }} alignItems="start">
        <Stack gap="4" {...formCard}>
          <Box rounded="xl" overflow="hidden" bg="bg.muted" aspectRatio="4 / 5" maxW={{ base: '16rem', lg: 'none' }} mx={{ base: 'auto', lg: 0 }} w="full">
            <img src={character.face_url} alt={`${character.name}'s face`} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
          </Box>
          <Stack gap="1">
            <Text fontSize="sm" color="fg.muted" textTransform="capitalize">
              {character.gender}
            </Text>
            <Text fontSize="sm">{countsText(character.counts)}</Text>
            <Text fontSize="xs" color="fg.subtle">
              {activityText(character.last_activity_at)}
            </Text>
          </Stack>
          <Stack gap="2">
            {MAKE.map((m, i) =>
              i === 0 ? (
                <AccentButton key={m.to} onClick={() => make(m.to)}>
                  {m.label}
                </AccentButton>
              ) : (
                <Button key={m.to} variant="outline" onClick={() => make(m.to)}>
                  {m.label}
                </Button>
              ),
            )}
          </Stack>
        </Stack>
        <Stack gap="4" {...formCard}>
          <HStack justify="space-between" gap="3" flexWrap="wrap">
            <Heading as="h2" size="lg">
              {editing ? 'Edit profile' : 'Profile'}
            </Heading>
            {!editing && (
              <HStack gap="2">
                <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
                  Edit
                </Button>
                <Button size="sm" variant="ghost" colorPalette="red" onClick={() => setDeleting(true)}>
                  Delete
                </Button>
              </HStack>
            )}
          </HStack>
          {editing ? <EditForm character={character} onDone={() => setEditing(false)} /> : <Details character={character} />}
        </Stack>
      </Grid>
      <Box as="section" aria-labelledby="outputs-heading" mt={{ base: 8, md: 12 }}>
        <Heading as="h2" size="xl" id="outputs-heading" mb="4">
          Outputs
        </Heading>
        <GallerySearchResults filters={filters} onPreview={setPreview} />
      </Box>
      {preview && preview.kind !== 'audio' && <PreviewDialog open onClose={() => setPreview(null)} kind={preview.kind} src={preview.url} alt="Preview" />}
      <DeleteCharacterDialog character={character} open={deleting} onClose={() => setDeleting(false)} onDeleted={() => navigate('/characters', { replace: true })} />
    </StudioScreenFrame>
  );
}
