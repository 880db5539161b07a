// The character form's fields (issue 44), for "New character" and the profile's edit in place:
// name, gender, face (a gallery face or image, or an uploaded portrait with the consent box), bio,
// style and voice, each with the refusal that names it.
import { Box, chakra, Field, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useId, useMemo } from 'react';
import { CHARACTER_BIO_MAX, CHARACTER_NAME_MAX, CHARACTER_STYLE_MAX } from '../../../contract/characters';
import { HEAD_BYTES, imageTypeOf } from '../../../contract/media-type';
import { galleryData, useGalleryStore } from '../galleryStore';
import { ConsentCheckbox } from '../ui/ConsentCheckbox';
import { GenderToggle } from '../ui/GenderToggle';
import { GeneratedImagePicker } from '../ui/GeneratedImagePicker';
import { ModeTabs } from '../ui/ModeTabs';
import type { CharacterDraft, DraftErrors } from './characterDraft';
import { VoiceFields, voiceForGender } from './VoiceFields';

const FACE_TABS = [
  { value: 'gallery', label: 'From your gallery' },
  { value: 'upload', label: 'Upload a portrait' },
] as const;

const PORTRAIT_TYPE = 'The portrait must be a PNG, JPEG or WEBP picture.';

function FaceField({ draft, change, error }: { draft: CharacterDraft; change: (d: Partial<CharacterDraft>) => void; error?: string }) {
  const consentId = useId();
  const errorId = `${consentId}-error`;
  const fetch = useGalleryStore((s) => s.fetch);
  const data = useGalleryStore(galleryData);
  useEffect(() => void fetch(), [fetch]);
  const preview = useMemo(() => (draft.portrait ? URL.createObjectURL(draft.portrait) : null), [draft.portrait]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  // The picker marks its choice by gallery id; the draft knows the URL.
  const picked = [...(data?.faces ?? []).map((f) => ({ id: f.id, url: f.image_url })), ...(data?.images ?? []).map((i) => ({ id: i.id, url: i.image_url }))].find((i) => i.url === draft.faceUrl);
  const shown = draft.faceSource === 'upload' ? preview : draft.faceUrl;

  const pickPortrait = async (file: File | undefined) => {
    if (!file) return change({ portrait: null });
    const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
    if (!imageTypeOf(head)) return change({ portrait: null }), window.alert(PORTRAIT_TYPE);
    change({ portrait: file });
  };

  return (
    <chakra.fieldset borderWidth="0" p="0" m="0" minW="0" aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined}>
      <chakra.legend display="flex" alignItems="center" gap="3" mb="3" fontWeight="medium">
        <Box boxSize="12" rounded="full" overflow="hidden" bg="bg.muted" borderWidth="1px" borderColor={error ? 'border.error' : 'border.emphasized'} flexShrink={0}>
          {shown && <img src={shown} alt="" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />}
        </Box>
        Face
      </chakra.legend>
      <Box w="full">
        <ModeTabs label="Face from" tabs={FACE_TABS} value={draft.faceSource} onChange={(faceSource) => change({ faceSource })}>
          {draft.faceSource === 'gallery' ? (
            <GeneratedImagePicker groups={['faces', 'images']} label="Choose a face or image" selected={picked ?? (draft.faceUrl ? { id: '', url: draft.faceUrl } : null)} onSelect={(i) => change({ faceUrl: i.url })} />
          ) : (
            <Stack gap="3">
              <Field.Root>
                <Field.Label>Portrait</Field.Label>
                <Input type="file" accept="image/png,image/jpeg,image/webp" p="1.5" onChange={(e) => void pickPortrait(e.target.files?.[0])} />
                <Field.HelperText>A clear, front-facing photo: PNG, JPEG or WEBP.</Field.HelperText>
              </Field.Root>
              <ConsentCheckbox id={consentId} checked={draft.portraitConsent} onChange={(portraitConsent) => change({ portraitConsent })} />
            </Stack>
          )}
        </ModeTabs>
      </Box>
      {error && (
        <Text id={errorId} fontSize="sm" color="fg.error" mt="2">
          {error}
        </Text>
      )}
    </chakra.fieldset>
  );
}

export function CharacterFields({ draft, onChange, errors }: { draft: CharacterDraft; onChange: (d: CharacterDraft) => void; errors: DraftErrors }) {
  const change = (patch: Partial<CharacterDraft>) => onChange({ ...draft, ...patch });
  return (
    <Stack gap="5">
      <Field.Root invalid={Boolean(errors.name)} required>
        <Field.Label>
          Name <Field.RequiredIndicator />
        </Field.Label>
        <Input value={draft.name} onChange={(e) => change({ name: e.target.value })} maxLength={CHARACTER_NAME_MAX} autoComplete="off" placeholder="e.g. Ava Monroe" />
        {errors.name && <Field.ErrorText>{errors.name}</Field.ErrorText>}
      </Field.Root>
      <Stack gap="1.5">
        <GenderToggle value={draft.gender} onChange={(gender) => change({ gender, voice: voiceForGender(draft.voice, gender) })} />
        {errors.gender && (
          <Text fontSize="sm" color="fg.error">
            {errors.gender}
          </Text>
        )}
      </Stack>
      <FaceField draft={draft} change={change} error={errors.face} />
      <Field.Root invalid={Boolean(errors.bio)}>
        <Field.Label>Bio</Field.Label>
        <Textarea value={draft.bio} onChange={(e) => change({ bio: e.target.value })} maxLength={CHARACTER_BIO_MAX} rows={3} placeholder="Who they are: age, home town, what they post about" />
        {errors.bio ? <Field.ErrorText>{errors.bio}</Field.ErrorText> : <Field.HelperText>{`Optional, up to ${CHARACTER_BIO_MAX} characters.`}</Field.HelperText>}
      </Field.Root>
      <Field.Root invalid={Boolean(errors.style)}>
        <Field.Label>Style</Field.Label>
        <Input value={draft.style} onChange={(e) => change({ style: e.target.value })} maxLength={CHARACTER_STYLE_MAX} autoComplete="off" placeholder="e.g. film grain, warm tones, candid" />
        {errors.style ? <Field.ErrorText>{errors.style}</Field.ErrorText> : <Field.HelperText>Words added to this character&apos;s prompts when &quot;Use style&quot; is on.</Field.HelperText>}
      </Field.Root>
      <VoiceFields gender={draft.gender} value={draft.voice} onChange={(voice) => change({ voice })} error={errors.voice} />
    </Stack>
  );
}
