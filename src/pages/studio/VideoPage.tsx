import { StudioSessionKey } from '../../lib/persistedSession';
import { Field, Input, Stack } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { STUDIO_MESSAGES } from '../../../contract/studio';
import type { TemplateEntry } from '../../../contract/templates';
import { templateUrl } from '../../content/media';
import { getSession, SessionKey } from '../../lib/session';
import type { GalleryFace } from '../../studio/galleryStore';
import { resolveLink } from '../../studio/jobs';
import { useIncomingShare } from '../../studio/incomingShare';
import { takeFaceChoices, useHandedSettings } from '../../studio/settingsHandOff';
import { startBatch, toggled, useScreenBatch } from '../../studio/batches';
import { startGeneration, useStudioSlot } from '../../studio/studioStore';
import { useScreenChoice } from '../../studio/screenChoice';
import { useTour, type TourStep } from '../../studio/tour';
import { ConsentCheckbox } from '../../studio/ui/ConsentCheckbox';
import { FacePicker } from '../../studio/ui/FacePicker';
import { GenderToggle } from '../../studio/ui/GenderToggle';
import { GenerateButton } from '../../studio/ui/GenerateButton';
import { ModeTabs } from '../../studio/ui/ModeTabs';
import { Placeholder } from '../../studio/ui/Placeholder';
import { ResultPanel } from '../../studio/ui/ResultPanel';
import { StudioScreen } from '../../studio/ui/StudioScreen';
import { TemplateGrid } from '../../studio/ui/TemplateGrid';
import { BatchGrid } from '../../studio/ui/BatchGrid';
import { generationCall } from '../../api/studio';
import { characterFields, faceUrlFor } from '../../stores/characterStore';
import { characterFace, useCurrentCharacter, useFillWithCharacter } from '../../studio/characters/useStudioCharacter';
import { galleryData, useGalleryStore } from '../../studio/galleryStore';


type Mode = 'link' | 'template';
const TABS = [
  { value: 'link', label: 'Link' },
  { value: 'template', label: 'Template' },
] as const;

const SLOTS = {
  link: { female: StudioSessionKey.videoLink, male: StudioSessionKey.videoLinkMen },
  template: { female: StudioSessionKey.videoTemplate, male: StudioSessionKey.videoTemplateMen },
} as const;

const TOUR: readonly TourStep[] = [
  { element: '#video-tabs', title: 'Link or template', description: 'Put your face into an Instagram reel, or into one of our video templates.' },
  { element: '#video-face', title: 'Choose a face', description: 'Your three newest faces are here; View All shows every face you made.' },
  { element: '#video-source', title: 'The video', description: 'Paste the reel link, or pick a template: the previews play as you scroll.' },
  { element: '#video-generate', title: 'Generate', description: 'Videos take up to 10 minutes. You can keep using the studio meanwhile.' },
  { element: '#video-result', title: 'Your video', description: 'It plays here when ready: watch it fullscreen or download it with the watermark.' },
];

/** Video Generation (/video): a face swapped into an Instagram reel or a video template. */
export default function VideoPage() {
  const { mode, setMode, gender, setGender } = useScreenChoice<Mode>('video', SLOTS, 'link');
  const [face, setFace] = useState<GalleryFace | null>(null);
  const [link, setLink] = useState('');
  const [consent, setConsent] = useState(false);
  const consentId = useId();
  const [templates, setTemplates] = useState<TemplateEntry[]>([]);
  const slot = SLOTS[mode][gender];
  const { running, result, percent, notice, closeNotice } = useStudioSlot(slot, 'video', 'video');
  const startTour = useTour('video', TOUR);
  const { batchSlot, run: batch, busy: batchBusy, clear: clearBatch } = useScreenBatch(slot);
  // Several templates make a batch (issue 29): one request, a grid of results.
  const count = mode === 'template' ? templates.length : 1;
  const toggleTemplate = (t: TemplateEntry) => setTemplates((list) => toggled(list, t));
  // Issue 44: the chosen character's face (and gender) fill the picker.
  const character = useCurrentCharacter();
  const gallery = useGalleryStore(galleryData);
  const ownFace = character ? characterFace(character, gallery) : null;
  useFillWithCharacter(character, (c) => {
    if (c.gender !== gender) {
      setGender(c.gender);
      setTemplates([]);
    }
    setFace(characterFace(c, gallery));
  });

  // "Use these settings" from the gallery (issue 45): the face and the template (a link's reel is
  // not kept: the Link tab opens for it to be pasted again).
  useHandedSettings('/video', (handed) => {
    const { template, gender: g, face: own } = takeFaceChoices(handed);
    if (g && g !== gender) setGender(g);
    if (own) setFace(own);
    setMode(template ? 'template' : 'link');
    setTemplates(template ? [template] : []);
  });

  // An Instagram link shared into the app (issue 28) opens the Link tab with it filled.
  useIncomingShare('/video', (share) => {
    if (!('link' in share)) return;
    setMode('link');
    setLink(share.link);
  });

  const generate = () => {
    const userId = getSession(SessionKey.userId) ?? '';
    if (!face) return window.alert(STUDIO_MESSAGES.face);
    if (mode === 'link') {
      const url = link.trim();
      if (!url) return window.alert(STUDIO_MESSAGES.videoLink);
      if (!consent) return window.alert(STUDIO_MESSAGES.consent);
      void startGeneration(slot, async () => generationCall('/face-swap/', { user_id: userId, input_image_url: faceUrlFor(face.image_url), target_video_url: await resolveLink('video', userId, url, consent), consent, ...characterFields(false) }));
    } else {
      if (templates.length === 0) return window.alert(STUDIO_MESSAGES.template);
      const callOf = (t: TemplateEntry) => generationCall('/face-swap/', { user_id: userId, input_image_url: faceUrlFor(face.image_url), target_video_url: templateUrl(t.path), ...characterFields(false) });
      if (templates.length > 1) return void startBatch(batchSlot, templates.map(callOf));
      clearBatch();
      void startGeneration(slot, async () => callOf(templates[0]!));
    }
  };

  return (
    <StudioScreen
      capability={'swapVideo'}
      title="Video"
      highlight="Generation"
      onTour={startTour}
      notice={notice}
      onCloseNotice={closeNotice}
      form={
        <>
          <GenderToggle
            value={gender}
            onChange={(g) => {
              setGender(g);
              setTemplates([]);
            }}
          />
          <ModeTabs id="video-tabs" label="Video from" tabs={TABS} value={mode} onChange={setMode}>
            <Stack gap="5">
              <FacePicker id="video-face" gender={gender} selected={face} onSelect={setFace} characterFace={ownFace?.gender === gender ? ownFace : null} />
              {mode === 'link' ? (
                <Stack gap="3" id="video-source">
                  <Field.Root>
                    <Field.Label>Instagram reel link</Field.Label>
                    <Input type="url" inputMode="url" value={link} onChange={(e) => setLink(e.target.value)} placeholder="https://www.instagram.com/reel/..." autoComplete="off" />
                  </Field.Root>
                  <ConsentCheckbox id={consentId} checked={consent} onChange={setConsent} />
                </Stack>
              ) : (
                <TemplateGrid id="video-source" kind="video" gender={gender} selected={templates.map((t) => t.id)} onToggle={toggleTemplate} />
              )}
            </Stack>
          </ModeTabs>
          <GenerateButton id="video-generate" label={count > 1 ? `Generate ${count} videos` : 'Generate Video'} busy={Boolean(running) || batchBusy} percent={batchBusy ? undefined : percent} onClick={generate} />
        </>
      }
      result={
        batch ? (
          <BatchGrid slot={batchSlot} run={batch} kind="video" noun="video" />
        ) : (
          <ResultPanel
            id="video-result"
            kind="video"
            result={result}
            busy={Boolean(running)}
            busyText="Don't refresh, please wait 10 minutes..."
            label="Generated video"
            fullscreen
            placeholder={<Placeholder kind="video" path="features/imagetovideo.mp4" caption="A sample: your video will play here." />}
          />
        )
      }
    />
  );
}
