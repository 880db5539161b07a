import { StudioSessionKey } from '../../lib/persistedSession';
import { Button, Field, Input, Stack, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { STUDIO_MESSAGES } from '../../../contract/studio';
import { getSession, SessionKey } from '../../lib/session';
import { startGeneration, useStudioSlot } from '../../studio/studioStore';
import type { Gender } from '../../studio/galleryStore';
import { useScreenChoice } from '../../studio/screenChoice';
import { genderSetting, textSetting, useHandedSettings } from '../../studio/settingsHandOff';
import { useTour, type TourStep } from '../../studio/tour';
import { GenderToggle } from '../../studio/ui/GenderToggle';
import { GenerateButton } from '../../studio/ui/GenerateButton';
import { ModeTabs } from '../../studio/ui/ModeTabs';
import { Placeholder } from '../../studio/ui/Placeholder';
import { ResultPanel } from '../../studio/ui/ResultPanel';
import { StudioScreen } from '../../studio/ui/StudioScreen';
import { generationCall } from '../../api/studio';
import { characterFields, useCharacterStore } from '../../stores/characterStore';
import { NewCharacterDialog } from '../../studio/characters/NewCharacterDialog';
import { useNavigate } from 'react-router-dom';

type Mode = 'celebrity' | 'prompt';
const TABS = [
  { value: 'celebrity', label: 'Celebrity' },
  { value: 'prompt', label: 'Prompt' },
] as const;

const SLOTS = {
  celebrity: { female: StudioSessionKey.faceCelebrity, male: StudioSessionKey.faceCelebrityMen },
  prompt: { female: StudioSessionKey.facePrompt, male: StudioSessionKey.facePromptMen },
} as const;

/** Spec §2: tabs, form, generate button, result panel; 'Finish Tour' at the end. */
const TOUR: readonly TourStep[] = [
  { element: '#face-tabs', title: 'Pick a way to start', description: 'Blend three celebrity names into a new face, or describe the face in your own words.' },
  { element: '#face-form', title: 'Fill in the details', description: 'Enter all three names, or a detailed prompt: age, features, hair, expression, light.' },
  { element: '#face-generate', title: 'Generate', description: 'Press Generate Face. It takes about a minute; keep this page open.' },
  { element: '#face-result', title: 'Your face', description: 'The new face appears here. Open the magnifier for full size; it is saved to your gallery.' },
];

/** Issue 44: a face result becomes a character (the New character dialog, with this face). */
function SaveAsCharacter({ url, gender }: { url: string; gender: Gender }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  return (
    <>
      <Button variant="outline" alignSelf="flex-start" onClick={() => setOpen(true)}>
        Save as character
      </Button>
      <NewCharacterDialog open={open} face={{ url, gender }} onClose={() => setOpen(false)} onCreated={(c) => {
        setOpen(false);
        useCharacterStore.getState().choose(c.id);
        navigate(`/characters/${encodeURIComponent(c.id)}`);
      }} />
    </>
  );
}

/** Face Generation (/face): a non-existent face from three celebrity names or a prompt. */
export default function FacePage() {
  const { mode, setMode, gender, setGender } = useScreenChoice<Mode>('face', SLOTS, 'celebrity');
  const [names, setNames] = useState<Record<Gender, [string, string, string]>>({ female: ['', '', ''], male: ['', '', ''] });
  const [prompts, setPrompts] = useState<Record<Gender, string>>({ female: '', male: '' });
  const slot = SLOTS[mode][gender];
  // "Use these settings" from the gallery (issue 45): the names or the prompt, and the gender they were for.
  // A face job keeps its three names as `celebrities` (server/src/jobs/kinds.ts).
  useHandedSettings('/face', ({ settings }) => {
    const g: Gender = genderSetting(settings) ?? 'female';
    const listed = Array.isArray(settings.celebrities) ? settings.celebrities : [];
    const names = [0, 1, 2].map((i) => (typeof listed[i] === 'string' ? (listed[i] as string) : '')) as [string, string, string];
    setGender(g);
    if (names.some(Boolean)) {
      setMode('celebrity');
      setNames((n) => ({ ...n, [g]: names }));
    } else {
      setMode('prompt');
      setPrompts((p) => ({ ...p, [g]: textSetting(settings, 'prompt') }));
    }
  });
  const { running, result, notice, closeNotice } = useStudioSlot(slot, 'face');
  const startTour = useTour('face', TOUR);

  const generate = () => {
    const userId = getSession(SessionKey.userId) ?? '';
    if (mode === 'celebrity') {
      const [a, b, c] = names[gender].map((n) => n.trim());
      if (!a || !b || !c) return window.alert(STUDIO_MESSAGES.celebrities);
      const call = gender === 'male'
        ? generationCall('/generate_face_c_men/', { user_id: userId, mencelebrity1: a, mencelebrity2: b, mencelebrity3: c, ...characterFields(false) })
        : generationCall('/generate_face_c/', { user_id: userId, celebrity1: a, celebrity2: b, celebrity3: c, ...characterFields(false) });
      void startGeneration(slot, async () => call);
    } else {
      const prompt = prompts[gender].trim();
      if (!prompt) return window.alert(STUDIO_MESSAGES.prompt);
      void startGeneration(slot, async () => generationCall(gender === 'male' ? '/generate_face_prompt_men/' : '/generate-face-prompt/', { user_id: userId, prompt, ...characterFields(true) }));
    }
  };

  const setName = (i: number, value: string) =>
    setNames((all) => ({ ...all, [gender]: all[gender].map((n, j) => (j === i ? value : n)) as [string, string, string] }));

  return (
    <StudioScreen
      capability={'face'}
      styleSwitch={mode === 'prompt'}
      title="Face"
      highlight="Generation"
      onTour={startTour}
      notice={notice}
      onCloseNotice={closeNotice}
      form={
        <>
          <GenderToggle value={gender} onChange={setGender} />
          <ModeTabs id="face-tabs" label="Face from" tabs={TABS} value={mode} onChange={setMode}>
            <Stack gap="4" id="face-form">
              {mode === 'celebrity' ? (
                [0, 1, 2].map((i) => (
                  <Field.Root key={i}>
                    <Field.Label>Celebrity {i + 1}</Field.Label>
                    <Input value={names[gender][i]} onChange={(e) => setName(i, e.target.value)} placeholder={['e.g. Zendaya', 'e.g. Priyanka Chopra', 'e.g. Emma Stone'][i]} maxLength={100} autoComplete="off" />
                  </Field.Root>
                ))
              ) : (
                <Field.Root>
                  <Field.Label>Prompt</Field.Label>
                  <Textarea
                    value={prompts[gender]}
                    onChange={(e) => setPrompts((p) => ({ ...p, [gender]: e.target.value }))}
                    placeholder="A 24-year-old with warm brown eyes, freckles and wavy auburn hair, soft daylight, natural smile"
                    rows={6}
                    maxLength={2000}
                  />
                </Field.Root>
              )}
            </Stack>
          </ModeTabs>
          <GenerateButton id="face-generate" label="Generate Face" busy={Boolean(running)} onClick={generate} />
        </>
      }
      result={
        <Stack gap="3">
          <ResultPanel
            id="face-result"
            kind="image"
            aspect="1"
            result={result}
            busy={Boolean(running)}
            busyText="Don't refresh, please wait 1 minute..."
            label="Generated face"
            download={false}
            placeholder={<Placeholder path="features/face.webp" caption="Your new face will appear here." />}
          />
          {result && !running && <SaveAsCharacter url={result.url} gender={gender} />}
        </Stack>
      }
    />
  );
}
