import { StudioSessionKey } from '../../lib/persistedSession';
import { Field, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { Fragment, useId, useRef, useState } from 'react';
import { LYRICS_MAX, STUDIO_MESSAGES } from '../../../contract/studio';
import { getSession, SessionKey } from '../../lib/session';
import { checkAudioFile } from '../../studio/audioCheck';
import { sharedFile, showInFileInput, useIncomingShare } from '../../studio/incomingShare';
import { inputFile, textSetting, useHandedSettings } from '../../studio/settingsHandOff';
import { startGeneration, useStudioSlot } from '../../studio/studioStore';
import { ConsentCheckbox } from '../../studio/ui/ConsentCheckbox';
import { GenerateButton } from '../../studio/ui/GenerateButton';
import { Placeholder } from '../../studio/ui/Placeholder';
import { ResultPanel } from '../../studio/ui/ResultPanel';
import { StudioScreen } from '../../studio/ui/StudioScreen';
import { StatusSpinner } from '../../studio/ui/StatusSpinner';
import { generationCall } from '../../api/studio';
import { appendCharacter } from '../../stores/characterStore';

type AudioField = 'song_file' | 'voice_file' | 'instrumental_file';
const FIELDS: readonly { name: AudioField; label: string; hint: string }[] = [
  { name: 'song_file', label: 'Song File', hint: 'Required: the style to follow. .wav or .mp3, longer than 15 seconds.' },
  { name: 'voice_file', label: 'Voice File', hint: 'Optional: alone, it gives an a cappella hum.' },
  { name: 'instrumental_file', label: 'Instrumental File', hint: 'Optional: alone, it gives a track without vocals.' },
];
const SLOT = StudioSessionKey.audio;

/** AI Music (/AIMusic): a song from lyrics and audio files. */
export default function AIMusicPage() {
  const [lyrics, setLyrics] = useState('');
  const [files, setFiles] = useState<Partial<Record<AudioField, File>>>({});
  const [checking, setChecking] = useState<AudioField | null>(null);
  const [consent, setConsent] = useState(false);
  const consentId = useId();
  const inputs = useRef<Partial<Record<AudioField, HTMLInputElement | null>>>({});
  const { running, result, percent, notice, closeNotice } = useStudioSlot(SLOT, 'music', 'music');
  const remaining = LYRICS_MAX - [...lyrics].length;

  const choose = async (field: AudioField, file: File | undefined) => {
    if (!file) {
      setFiles((f) => ({ ...f, [field]: undefined }));
      return;
    }
    setChecking(field);
    const problem = await checkAudioFile(file);
    setChecking(null);
    if (problem) {
      window.alert(problem);
      const input = inputs.current[field];
      if (input) input.value = '';
      setFiles((f) => ({ ...f, [field]: undefined }));
      return;
    }
    setFiles((f) => ({ ...f, [field]: file }));
  };

  // A song shared into the app (issue 28) is the song file, checked as a picked one is.
  useIncomingShare('/AIMusic', (share) => {
    if (!('file' in share)) return;
    const file = sharedFile(share);
    showInFileInput(inputs.current.song_file ?? null, file);
    void choose('song_file', file);
  });

  // "Use these settings" from the gallery (issue 45): the lyrics, and the song, voice and
  // instrumental files still kept, each checked as a picked one is (one after another).
  useHandedSettings('/AIMusic', ({ settings, inputs: handed }) => {
    setLyrics(textSetting(settings, 'lyrics'));
    void (async () => {
      for (const [job, field] of [['song', 'song_file'], ['voice', 'voice_file'], ['instrumental', 'instrumental_file']] as const) {
        const file = await inputFile(handed[job], job);
        if (!file) continue;
        showInFileInput(inputs.current[field] ?? null, file);
        await choose(field, file);
      }
    })();
  });

  const generate = () => {
    if (!lyrics.trim()) return window.alert(STUDIO_MESSAGES.lyrics);
    if (remaining < 0) return window.alert(STUDIO_MESSAGES.lyricsTooLong);
    if (!files.song_file) return window.alert(STUDIO_MESSAGES.song);
    // A voice is a person's (issue 26); the song is only a style reference.
    if (files.voice_file && !consent) return window.alert(STUDIO_MESSAGES.consent);
    const form = new FormData();
    form.append('user_id', getSession(SessionKey.userId) ?? '');
    form.append('lyrics', lyrics.trim());
    for (const { name } of FIELDS) {
      const file = files[name];
      if (file) form.append(name, file, file.name);
    }
    if (files.voice_file) form.append('consent', 'true');
    appendCharacter(form);
    void startGeneration(SLOT, async () => generationCall('/audio_mucic_creator/', form));
  };

  return (
    <StudioScreen
      capability={'music'}
      title="AI"
      highlight="Music"
      notice={notice}
      onCloseNotice={closeNotice}
      form={
        <>
          <Field.Root>
            <Field.Label>Lyrics</Field.Label>
            <Textarea value={lyrics} onChange={(e) => setLyrics([...e.target.value].slice(0, LYRICS_MAX).join(''))} rows={6} placeholder="Write the words of your song" aria-describedby="lyrics-count" />
            <Text id="lyrics-count" fontSize="sm" color="fg.muted" aria-live="polite">
              {remaining} characters remaining
            </Text>
          </Field.Root>
          {FIELDS.map(({ name, label, hint }) => (
            <Fragment key={name}>
              <Field.Root>
                <Field.Label>{label}</Field.Label>
                <Stack direction="row" align="center" gap="2" w="full">
                  <Input
                    ref={(el) => {
                      inputs.current[name] = el;
                    }}
                    type="file"
                    accept=".wav,.mp3,audio/wav,audio/mpeg"
                    p="1.5"
                    disabled={checking !== null}
                    onChange={(e) => void choose(name, e.target.files?.[0])}
                  />
                  {checking === name && <StatusSpinner size="sm" label="Checking the file" />}
                </Stack>
                <Field.HelperText>{hint}</Field.HelperText>
              </Field.Root>
              {name === 'voice_file' && files.voice_file && <ConsentCheckbox id={consentId} checked={consent} onChange={setConsent} />}
            </Fragment>
          ))}
          <GenerateButton label="Generate Music" busy={Boolean(running)} percent={percent} onClick={generate} disabled={Boolean(running) || checking !== null} />
        </>
      }
      result={
        <ResultPanel
          kind="audio"
          result={result}
          busy={Boolean(running)}
          busyText={`Composing your song... ${percent}%`}
          label="Generated song"
          placeholder={<Placeholder path="features/music.webp" caption="Your song will play here." />}
        />
      }
    />
  );
}
