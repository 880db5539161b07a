// A character's voice for typed text (issue 44): one of the preset voices of its gender with pitch
// and speed, and "Hear it" (made on the server); or an uploaded voice sample, with the consent box.
import { Button, chakra, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState } from 'react';
import { defaultVoicePreset, VOICE_PITCH, VOICE_PRESETS, VOICE_SAMPLE_SECONDS, VOICE_SPEED, voicePreset, type CharacterGender, type VoicePresetId } from '../../../contract/characters';
import { charactersApi, fieldError } from '../../api/characters';
import { checkVoiceFile } from '../audioCheck';
import { ConsentCheckbox } from '../ui/ConsentCheckbox';
import { ModeTabs } from '../ui/ModeTabs';
import { NativeSelect } from '../ui/NativeSelect';
import { StatusSpinner } from '../ui/StatusSpinner';

export type VoiceDraft =
  | { type: 'preset'; preset: string; pitch: number; speed: number }
  | { type: 'sample'; url: string | null; seconds: number | null; file: File | null; consent: boolean };

export const presetDraft = (gender: CharacterGender): VoiceDraft => {
  const p = defaultVoicePreset(gender);
  return { type: 'preset', preset: p.id, pitch: p.pitch, speed: p.speed };
};

/** The draft kept in step with the gender: a preset of the other gender becomes this one's first. */
export const voiceForGender = (voice: VoiceDraft, gender: CharacterGender): VoiceDraft =>
  voice.type === 'preset' && voicePreset(voice.preset)?.gender !== gender ? presetDraft(gender) : voice;

type Preview = { state: 'idle' } | { state: 'loading' } | { state: 'ready'; url: string } | { state: 'error'; message: string };

/** "Hear it": asks the server for the voice saying a short line and plays it. */
export function HearIt({ preset, pitch, speed, label = 'Hear it' }: { preset: string; pitch: number; speed: number; label?: string }) {
  const [preview, setPreview] = useState<Preview>({ state: 'idle' });
  const audio = useRef<HTMLAudioElement>(null);
  const url = preview.state === 'ready' ? preview.url : null;
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  useEffect(() => void audio.current?.play().catch(() => undefined), [url]);
  const hear = async () => {
    setPreview({ state: 'loading' });
    try {
      const { data } = await charactersApi.voicePreview({ preset: preset as VoicePresetId, pitch, speed });
      setPreview({ state: 'ready', url: URL.createObjectURL(data) });
    } catch (err) {
      setPreview({ state: 'error', message: fieldError(err).message });
    }
  };
  return (
    <Stack gap="2">
      <Button variant="outline" size="sm" w="fit-content" onClick={() => void hear()} loading={preview.state === 'loading'} loadingText="Making the preview">
        {label}
      </Button>
      {url && <audio ref={audio} src={url} controls aria-label="Voice preview" style={{ width: '100%' }} />}
      {preview.state === 'error' && (
        <Text role="alert" fontSize="sm" color="fg.error">
          {preview.message}
        </Text>
      )}
    </Stack>
  );
}

function Range({ label, value, min, max, unit, onChange }: { label: string; value: number; min: number; max: number; unit?: string; onChange: (v: number) => void }) {
  const id = useId();
  return (
    <Stack gap="1" flex="1" minW="10rem">
      <HStack justify="space-between">
        <chakra.label htmlFor={id} fontSize="sm" fontWeight="medium">
          {label}
        </chakra.label>
        <chakra.output htmlFor={id} fontSize="sm" color="fg.muted">
          {value}
          {unit}
        </chakra.output>
      </HStack>
      <chakra.input id={id} type="range" min={min} max={max} value={value} onChange={(e) => onChange(Number(e.target.value))} accentColor="brand.solid" w="full" />
    </Stack>
  );
}

const TABS = [
  { value: 'preset', label: 'Preset voice' },
  { value: 'sample', label: 'Voice sample' },
] as const;

/** The voice part of the character form; `error`: the server's refusal of the voice. */
export function VoiceFields({ gender, value, onChange, error }: { gender: CharacterGender; value: VoiceDraft; onChange: (v: VoiceDraft) => void; error?: string }) {
  const consentId = useId();
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [kept, setKept] = useState<Record<VoiceDraft['type'], VoiceDraft>>({ preset: value.type === 'preset' ? value : presetDraft(gender), sample: value.type === 'sample' ? value : { type: 'sample', url: null, seconds: null, file: null, consent: false } });
  const change = (v: VoiceDraft) => {
    setKept((k) => ({ ...k, [v.type]: v }));
    onChange(v);
  };
  const presets = VOICE_PRESETS.filter((p) => p.gender === gender);
  const pickSample = async (file: File | undefined) => {
    if (value.type !== 'sample') return;
    setProblem(null);
    if (!file) return change({ ...value, file: null });
    setChecking(true);
    const wrong = await checkVoiceFile(file);
    setChecking(false);
    if (wrong) return setProblem(wrong);
    change({ ...value, file, url: null, seconds: null });
  };
  const shown = problem ?? error;
  return (
    <Stack gap="3">
      <ModeTabs label="Voice" tabs={TABS} value={value.type} onChange={(t) => change(voiceForGender(kept[t], gender))}>
        {value.type === 'preset' ? (
          <Stack gap="4">
            <Field.Root invalid={Boolean(error)}>
              <Field.Label htmlFor={`${consentId}-preset`}>Voice for typed text</Field.Label>
              <NativeSelect id={`${consentId}-preset`} value={value.preset} onChange={(e) => {
                const p = voicePreset(e.target.value);
                if (p) change({ type: 'preset', preset: p.id, pitch: p.pitch, speed: p.speed });
              }}>
                {presets.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.label}
                  </option>
                ))}
              </NativeSelect>
              {error && <Field.ErrorText>{error}</Field.ErrorText>}
            </Field.Root>
            <HStack gap="5" flexWrap="wrap" align="flex-start">
              <Range label="Pitch" value={value.pitch} min={VOICE_PITCH.min} max={VOICE_PITCH.max} onChange={(pitch) => change({ ...value, pitch })} />
              <Range label="Speed" value={value.speed} min={VOICE_SPEED.min} max={VOICE_SPEED.max} unit=" wpm" onChange={(speed) => change({ ...value, speed })} />
            </HStack>
            <HearIt preset={value.preset} pitch={value.pitch} speed={value.speed} />
          </Stack>
        ) : (
          <Stack gap="3">
            <Field.Root invalid={Boolean(shown)}>
              <Field.Label>Voice sample</Field.Label>
              <HStack gap="2" w="full">
                <Input type="file" accept=".wav,.mp3,audio/wav,audio/mpeg" p="1.5" disabled={checking} onChange={(e) => void pickSample(e.target.files?.[0])} />
                {checking && <StatusSpinner size="sm" label="Checking the file" />}
              </HStack>
              {shown ? (
                <Field.ErrorText>{shown}</Field.ErrorText>
              ) : (
                <Field.HelperText>
                  {value.url && !value.file ? `The saved sample (${Math.round(value.seconds ?? 0)} s) is used; choose a file to replace it. ` : ''}
                  {`.wav or .mp3, ${VOICE_SAMPLE_SECONDS.min} to ${VOICE_SAMPLE_SECONDS.max} seconds: the talking character speaks with it.`}
                </Field.HelperText>
              )}
            </Field.Root>
            {value.url && !value.file && <audio src={value.url} controls preload="none" aria-label="The saved voice sample" style={{ width: '100%' }} />}
            {value.file && <ConsentCheckbox id={consentId} checked={value.consent} onChange={(consent) => change({ ...value, consent })} />}
          </Stack>
        )}
      </ModeTabs>
    </Stack>
  );
}
