import { StudioSessionKey } from '../../lib/persistedSession';
import { Field, Input, Stack, Textarea } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { STUDIO_MESSAGES } from '../../../contract/studio';
import type { TemplateEntry } from '../../../contract/templates';
import { templateUrl } from '../../content/media';
import { getSession, SessionKey } from '../../lib/session';
import type { GalleryFace, Gender } from '../../studio/galleryStore';
import { imagePrompt, POSES, type Pose } from '../../studio/imagePrompt';
import { resolveLink } from '../../studio/jobs';
import { useIncomingShare } from '../../studio/incomingShare';
import { takeFaceChoices, textSetting, useHandedSettings } from '../../studio/settingsHandOff';
import { startBatch, toggled, useScreenBatch } from '../../studio/batches';
import { startGeneration, useStudioSlot } from '../../studio/studioStore';
import { useScreenChoice } from '../../studio/screenChoice';
import { useTour, type TourStep } from '../../studio/tour';
import { ConsentCheckbox } from '../../studio/ui/ConsentCheckbox';
import { FacePicker } from '../../studio/ui/FacePicker';
import { GenderToggle } from '../../studio/ui/GenderToggle';
import { GenerateButton } from '../../studio/ui/GenerateButton';
import { ModeTabs } from '../../studio/ui/ModeTabs';
import { NativeSelect } from '../../studio/ui/NativeSelect';
import { Placeholder } from '../../studio/ui/Placeholder';
import { ResultPanel } from '../../studio/ui/ResultPanel';
import { StudioScreen } from '../../studio/ui/StudioScreen';
import { TemplateGrid } from '../../studio/ui/TemplateGrid';
import { BatchGrid } from '../../studio/ui/BatchGrid';
import { generationCall } from '../../api/studio';
import { characterFields, faceUrlFor } from '../../stores/characterStore';
import { characterFace, useCurrentCharacter, useFillWithCharacter } from '../../studio/characters/useStudioCharacter';
import { galleryData, useGalleryStore } from '../../studio/galleryStore';


type Mode = 'prompt' | 'link' | 'template';
const TABS = [
  { value: 'prompt', label: 'Prompt' },
  { value: 'link', label: 'Link' },
  { value: 'template', label: 'Template' },
] as const;

const SLOTS = {
  prompt: { female: StudioSessionKey.imagePrompt, male: StudioSessionKey.imagePromptMen },
  link: { female: StudioSessionKey.imageLink, male: StudioSessionKey.imageLinkMen },
  template: { female: StudioSessionKey.imageTemplate, male: StudioSessionKey.imageTemplateMen },
} as const;

const SWAP_PATHS = {
  link: { female: '/generate-image-temp/', male: '/generate-image-temp-link-men/' },
  template: { female: '/generate-image-temp/', male: '/generate-image-temp-template-men/' },
} as const;

const TABS_STEP: TourStep = { element: '#image-tabs', title: 'Three ways to make an image', description: 'Prompt: describe the scene. Link: put your face into an Instagram post. Template: pick one of our pictures.' };
const FACE_STEP: TourStep = { element: '#image-face', title: 'Choose a face', description: 'Your three newest faces are here; View All shows every face you made.' };
const GENERATE_STEP: TourStep = { element: '#image-generate', title: 'Generate', description: 'Press Generate Image and watch the progress; it takes about a minute.' };
const RESULT_STEP: TourStep = { element: '#image-result', title: 'Your image', description: 'Preview it full size or download it with the watermark. It is saved to your gallery.' };

/** A different step list per tab (spec §2). */
const TOURS: Record<Mode, readonly TourStep[]> = {
  prompt: [TABS_STEP, { element: '#image-pose', title: 'Pick a pose', description: 'Random, Selfie, Half body or Full body.' }, FACE_STEP, { element: '#image-prompt', title: 'Describe the scene', description: 'Where, what she or he wears, the light and the mood.' }, GENERATE_STEP, RESULT_STEP],
  link: [TABS_STEP, FACE_STEP, { element: '#image-link', title: 'Paste a link', description: 'The link of an Instagram post; your face replaces the one in the picture.' }, GENERATE_STEP, RESULT_STEP],
  template: [TABS_STEP, FACE_STEP, { element: '#image-templates', title: 'Pick a template', description: 'Choose one of the ready-made pictures.' }, GENERATE_STEP, RESULT_STEP],
};

/** Image Generation (/image): a chosen face by prompt, in an Instagram post, or on a template. */
export default function ImagePage() {
  const { mode, setMode, gender, setGender } = useScreenChoice<Mode>('image', SLOTS, 'prompt');
  const [face, setFace] = useState<GalleryFace | null>(null);
  const [pose, setPose] = useState<Pose | ''>('');
  const [prompt, setPrompt] = useState('');
  const [link, setLink] = useState('');
  const [consent, setConsent] = useState(false);
  const consentId = useId();
  const [templates, setTemplates] = useState<TemplateEntry[]>([]);
  const slot = SLOTS[mode][gender];
  const { running, result, percent, notice, closeNotice } = useStudioSlot(slot, 'image', 'image');
  const startTour = useTour('image', TOURS[mode]);
  const { batchSlot, run: batch, busy: batchBusy, clear: clearBatch } = useScreenBatch(slot);
  const lines = prompt.split('\n').map((l) => l.trim()).filter(Boolean);
  // Several prompts or templates make a batch (issue 29): one request, a grid of results.
  const count = mode === 'prompt' ? lines.length : mode === 'template' ? templates.length : 1;

  const changeGender = (g: Gender) => {
    setGender(g);
    setTemplates([]);
  };
  const toggleTemplate = (t: TemplateEntry) => setTemplates((list) => toggled(list, t));
  // Issue 44: the chosen character's face (and gender) fill the picker.
  const character = useCurrentCharacter();
  const gallery = useGalleryStore(galleryData);
  const ownFace = character ? characterFace(character, gallery) : null;
  useFillWithCharacter(character, (c) => {
    if (c.gender !== gender) changeGender(c.gender);
    setFace(characterFace(c, gallery));
  });

  // "Use these settings" from the gallery (issue 45): the face, and the prompt tab with its prompt
  // and pose, or the template (a link's post is not kept: the Link tab opens for it to be pasted again).
  useHandedSettings('/image', (handed) => {
    const { kind, settings } = handed;
    const { template, gender: g, face: own } = takeFaceChoices(handed);
    if (g && g !== gender) changeGender(g);
    if (own) setFace(own);
    if (kind === 'image') {
      setMode('prompt');
      setPrompt(textSetting(settings, 'prompt'));
      const p = textSetting(settings, 'pose');
      if (POSES.some((x) => x === p)) setPose(p as Pose);
    } else if (template) {
      setMode('template');
      setTemplates([template]);
    } else setMode('link');
  });

  // An Instagram link shared into the app (issue 28) opens the Link tab with it filled.
  useIncomingShare('/image', (share) => {
    if (!('link' in share)) return;
    setMode('link');
    setLink(share.link);
  });

  const generate = () => {
    const userId = getSession(SessionKey.userId) ?? '';
    if (!face) return window.alert(STUDIO_MESSAGES.face);
    if (mode === 'prompt') {
      if (!pose || !prompt.trim()) return window.alert(STUDIO_MESSAGES.imagePrompt);
      const path = gender === 'male' ? '/generate-image-prompt-men/' : '/generate-image-prompt/';
      const callOf = (line: string) => generationCall(path, { user_id: userId, face_url: faceUrlFor(face.image_url), prompt: imagePrompt(line, gender, pose, face.face_prompt), ...characterFields(true) });
      if (lines.length > 1) return void startBatch(batchSlot, lines.map(callOf));
      clearBatch();
      void startGeneration(slot, async () => callOf(prompt));
    } else if (mode === 'link') {
      const url = link.trim();
      if (!url) return window.alert(STUDIO_MESSAGES.imageLink);
      if (!consent) return window.alert(STUDIO_MESSAGES.consent);
      void startGeneration(slot, async () => generationCall(SWAP_PATHS.link[gender], { user_id: userId, face: faceUrlFor(face.image_url), image: await resolveLink('image', userId, url, consent), consent, ...characterFields(false) }));
    } else {
      if (templates.length === 0) return window.alert(STUDIO_MESSAGES.template);
      const callOf = (t: TemplateEntry) => generationCall(SWAP_PATHS.template[gender], { user_id: userId, face: faceUrlFor(face.image_url), image: templateUrl(t.path), ...characterFields(false) });
      if (templates.length > 1) return void startBatch(batchSlot, templates.map(callOf));
      clearBatch();
      void startGeneration(slot, async () => callOf(templates[0]!));
    }
  };

  return (
    <StudioScreen
      capability={mode === 'prompt' ? 'image' : 'swapImage'}
      styleSwitch={mode === 'prompt'}
      title="Image"
      highlight="Generation"
      onTour={startTour}
      notice={notice}
      onCloseNotice={closeNotice}
      form={
        <>
          <GenderToggle value={gender} onChange={changeGender} />
          <ModeTabs id="image-tabs" label="Image from" tabs={TABS} value={mode} onChange={setMode}>
            <Stack gap="5">
              {mode === 'prompt' && (
                <Field.Root id="image-pose">
                  <Field.Label htmlFor="image-pose-select">Pose</Field.Label>
                  <NativeSelect id="image-pose-select" value={pose} onChange={(e) => setPose(e.target.value as Pose | '')}>
                    <option value="">Select a pose</option>
                    {POSES.map((p) => (
                      <option key={p} value={p}>
                        {p}
                      </option>
                    ))}
                  </NativeSelect>
                </Field.Root>
              )}
              <FacePicker id="image-face" gender={gender} selected={face} onSelect={setFace} characterFace={ownFace?.gender === gender ? ownFace : null} />
              {mode === 'prompt' && (
                <Field.Root id="image-prompt">
                  <Field.Label>Prompt</Field.Label>
                  <Textarea value={prompt} onChange={(e) => setPrompt(e.target.value)} rows={4} maxLength={2000} placeholder="On a rooftop in Mumbai at golden hour, linen shirt, relaxed smile" />
                  <Field.HelperText>One prompt per line: several lines make one image each, all at once.</Field.HelperText>
                </Field.Root>
              )}
              {mode === 'link' && (
                <Stack gap="3">
                  <Field.Root id="image-link">
                    <Field.Label>Instagram link</Field.Label>
                    <Input type="url" inputMode="url" value={link} onChange={(e) => setLink(e.target.value)} placeholder="https://www.instagram.com/p/..." autoComplete="off" />
                  </Field.Root>
                  <ConsentCheckbox id={consentId} checked={consent} onChange={setConsent} />
                </Stack>
              )}
              {mode === 'template' && <TemplateGrid id="image-templates" kind="image" gender={gender} selected={templates.map((t) => t.id)} onToggle={toggleTemplate} />}
            </Stack>
          </ModeTabs>
          <GenerateButton id="image-generate" label={count > 1 ? `Generate ${count} images` : 'Generate Image'} busy={Boolean(running) || batchBusy} percent={batchBusy ? undefined : percent} onClick={generate} />
        </>
      }
      result={
        batch ? (
          <BatchGrid slot={batchSlot} run={batch} kind="image" noun="image" />
        ) : (
          <ResultPanel
            id="image-result"
            kind="image"
            result={result}
            busy={Boolean(running)}
            busyText={`Generating your image... ${percent}%`}
            label="Generated image"
            placeholder={<Placeholder path="features/image.webp" caption="Your image will appear here." />}
          />
        )
      }
    />
  );
}
