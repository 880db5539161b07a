import { StudioSessionKey } from '../../lib/persistedSession';
import { Box, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { HEAD_BYTES, imageTypeOf } from '../../../contract/media-type';
import { CLOTH_CATEGORIES, STUDIO_MESSAGES } from '../../../contract/studio';
import { getSession, SessionKey } from '../../lib/session';
import { sharedFile, showInFileInput, useIncomingShare } from '../../studio/incomingShare';
import { inputFile, useHandedSettings } from '../../studio/settingsHandOff';
import { startGeneration, useStudioSlot } from '../../studio/studioStore';
import { ConsentCheckbox } from '../../studio/ui/ConsentCheckbox';
import { GeneratedImagePicker, type PickedImage } from '../../studio/ui/GeneratedImagePicker';
import { GenerateButton } from '../../studio/ui/GenerateButton';
import { NativeSelect } from '../../studio/ui/NativeSelect';
import { Placeholder } from '../../studio/ui/Placeholder';
import { ResultPanel } from '../../studio/ui/ResultPanel';
import { StudioScreen } from '../../studio/ui/StudioScreen';
import { generationCall } from '../../api/studio';
import { appendCharacter } from '../../stores/characterStore';

type Category = (typeof CLOTH_CATEGORIES)[number];
const CATEGORY_LABELS: Record<Category, string> = { tops: 'Tops', bottoms: 'Bottoms', 'one-pieces': 'One-pieces' };
const SLOT = StudioSessionKey.clothImage;

/** null when the garment is a picture by its bytes (PNG, JPEG, WEBP), else the screen's message. */
async function garmentProblem(file: Blob): Promise<string | null> {
  const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
  return imageTypeOf(head) ? null : STUDIO_MESSAGES.garmentType;
}

/** Cloth Swap (/clothSwap): an uploaded garment on one of the user's generated images. */
export default function ClothSwapPage() {
  const [image, setImage] = useState<PickedImage | null>(null);
  const [garment, setGarment] = useState<File | null>(null);
  const [category, setCategory] = useState<Category>('tops');
  const [consent, setConsent] = useState(false);
  const consentId = useId();
  const { running, result, percent, notice, closeNotice } = useStudioSlot(SLOT, 'clothSwap', 'clothSwap');
  const garmentInput = useRef<HTMLInputElement | null>(null);
  const preview = useMemo(() => (garment ? URL.createObjectURL(garment) : null), [garment]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  /** A garment picked here or shared into the app (issue 28): checked by its bytes first. */
  const chooseGarment = async (file: File | undefined) => {
    if (!file) return setGarment(null);
    const problem = await garmentProblem(file);
    if (problem) {
      window.alert(problem);
      if (garmentInput.current) garmentInput.current.value = '';
      return setGarment(null);
    }
    setGarment(file);
  };
  useIncomingShare('/clothSwap', (share) => {
    if (!('file' in share)) return;
    const file = sharedFile(share);
    showInFileInput(garmentInput.current, file);
    void chooseGarment(file);
  });

  // "Use these settings" from the gallery (issue 45): the picture, the category and the garment, when still kept.
  useHandedSettings('/clothSwap', ({ settings, inputs: { person, garment: worn } }) => {
    if (person) setImage({ id: person.mediaId ?? person.url, url: person.url });
    const kept = CLOTH_CATEGORIES.find((c) => c === settings.category);
    if (kept) setCategory(kept);
    void inputFile(worn, 'garment').then((file) => {
      if (!file) return;
      showInFileInput(garmentInput.current, file);
      void chooseGarment(file);
    });
  });

  const generate = () => {
    if (!image || !garment) return window.alert(STUDIO_MESSAGES.cloth);
    // A garment photo often shows a model (issue 26).
    if (!consent) return window.alert(STUDIO_MESSAGES.consent);
    const form = new FormData();
    form.append('user_id', getSession(SessionKey.userId) ?? '');
    form.append('image_template', image.url);
    form.append('category', category);
    form.append('cloth_image', garment, garment.name);
    form.append('consent', 'true');
    appendCharacter(form);
    void startGeneration(SLOT, async () => generationCall('/newclothchanger/', form));
  };

  return (
    <StudioScreen
      capability={'clothSwap'}
      title="Cloth"
      highlight="Swap"
      notice={notice}
      onCloseNotice={closeNotice}
      form={
        <>
          <GeneratedImagePicker id="cloth-image" selected={image} onSelect={setImage} />
          <Field.Root>
            <Field.Label>Garment</Field.Label>
            <HStack gap="3" align="center" w="full">
              {preview && (
                <Box w="16" h="16" rounded="lg" overflow="hidden" flexShrink={0} bg="bg.muted">
                  <img src={preview} alt="The uploaded garment" style={{ width: '100%', height: '100%', objectFit: 'contain' }} />
                </Box>
              )}
              <Input ref={garmentInput} type="file" accept="image/*" p="1.5" onChange={(e) => void chooseGarment(e.target.files?.[0])} />
            </HStack>
            <Field.HelperText>Supports PNG, JPEG, WEBP</Field.HelperText>
          </Field.Root>
          <ConsentCheckbox id={consentId} checked={consent} onChange={setConsent} />
          <Field.Root>
            <Field.Label htmlFor="cloth-category">Category</Field.Label>
            <NativeSelect id="cloth-category" value={category} onChange={(e) => setCategory(e.target.value as Category)}>
              {CLOTH_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {CATEGORY_LABELS[c]}
                </option>
              ))}
            </NativeSelect>
          </Field.Root>
          <Stack gap="2">
            <GenerateButton label="Generate Image" busy={Boolean(running)} percent={percent} onClick={generate} />
            <Text fontSize="xs" color="fg.muted">
              Takes about a minute.
            </Text>
          </Stack>
        </>
      }
      result={
        <ResultPanel
          kind="image"
          result={result}
          busy={Boolean(running)}
          busyText={`Swapping the garment... ${percent}%`}
          label="Cloth swap result"
          placeholder={<Placeholder path="features/clothswap.webp" caption="Your cloth swap will appear here." />}
        />
      }
    />
  );
}
