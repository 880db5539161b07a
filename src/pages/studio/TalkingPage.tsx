import { StudioSessionKey } from '../../lib/persistedSession';
import { Field, Input, Link, Stack, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { STUDIO_MESSAGES, TALK_MAX_SECONDS, TALK_TEXT_MAX } from '../../../contract/studio';
import { getSession, SessionKey } from '../../lib/session';
import { checkVoiceFile } from '../../studio/audioCheck';
import { galleryData, useGalleryStore } from '../../studio/galleryStore';
import { showInFileInput } from '../../studio/incomingShare';
import { inputFile, textSetting, useHandedSettings } from '../../studio/settingsHandOff';
import { startGeneration, useStudioSlot } from '../../studio/studioStore';
import { ConsentCheckbox } from '../../studio/ui/ConsentCheckbox';
import { GeneratedImagePicker, type PickedImage } from '../../studio/ui/GeneratedImagePicker';
import { GenerateButton } from '../../studio/ui/GenerateButton';
import { ModeTabs } from '../../studio/ui/ModeTabs';
import { NativeSelect } from '../../studio/ui/NativeSelect';
import { Placeholder } from '../../studio/ui/Placeholder';
import { ResultPanel } from '../../studio/ui/ResultPanel';
import { StatusSpinner } from '../../studio/ui/StatusSpinner';
import { StudioScreen } from '../../studio/ui/StudioScreen';
import { VoiceRecorder } from '../../studio/ui/VoiceRecorder';
import { useTour, type TourStep } from '../../studio/tour';
import { generationCall } from '../../api/studio';
import { voicePreset } from '../../../contract/characters';
import { appendCharacter, faceUrlFor, type Character } from '../../stores/characterStore';
import { useCurrentCharacter, useFillWithCharacter } from '../../studio/characters/useStudioCharacter';

/** Whose voice says typed text with a character of a preset voice chosen (issue 44). */
const voiceNote = (c: Character) => (c.voice.type === 'preset' ? `Spoken in ${c.name}'s voice (${voicePreset(c.voice.preset)?.label ?? 'preset'}).` : '');

/** 'character': the chosen character's voice sample (issue 44). */
type Source = 'upload' | 'record' | 'song' | 'text' | 'character';
const TABS: readonly { value: Source; label: string }[] = [
  { value: 'upload', label: 'Upload a voice' },
  { value: 'record', label: 'Record' },
  { value: 'song', label: 'A song' },
  { value: 'text', label: 'Type text' },
];
const SLOT = StudioSessionKey.talking;

/** The user's songs from the gallery, newest first, to pick by date. */
function SongPicker({ value, onChange }: { value: string; onChange: (url: string) => void }) {
  const fetch = useGalleryStore((s) => s.fetch);
  const load = useGalleryStore((s) => s.load);
  const data = useGalleryStore(galleryData);
  useEffect(() => void fetch(), [fetch]);
  const songs = [...(data?.audio ?? [])].sort((a, b) => b.created_at.localeCompare(a.created_at));
  if (!data && load.state !== 'error') return <StatusSpinner size="sm" label="Loading your songs" />;
  if (songs.length === 0) {
    return (
      <Text fontSize="sm" color="fg.muted">
        {load.state === 'error' ? `${load.message} ` : 'You have no songs yet. '}
        <Link asChild color="brand.300" fontWeight="semibold">
          <RouterLink to="/AIMusic">Make a song first</RouterLink>
        </Link>
      </Text>
    );
  }
  return (
    <Field.Root>
      <Field.Label htmlFor="talk-song">Your song</Field.Label>
      <NativeSelect id="talk-song" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Select a song</option>
        {songs.map((song, i) => (
          <option key={song.id} value={song.audio_url}>
            {`Song ${songs.length - i}, made ${new Date(song.created_at).toLocaleString()}`}
          </option>
        ))}
      </NativeSelect>
      <Field.HelperText>{`Only its first ${TALK_MAX_SECONDS} seconds are used.`}</Field.HelperText>
    </Field.Root>
  );
}

/** 'How to use' (opened from its button only: the spec's account flags cover face, image and video). */
const TOUR: readonly TourStep[] = [
  { element: '#talk-face', title: 'Pick the face', description: 'Choose one of your faces or images: it is the character who speaks.' },
  { element: '#talk-tabs', title: 'Give it a voice', description: `Upload a voice file or record one (1 to ${TALK_MAX_SECONDS} seconds), pick one of your songs, or type what it should say.` },
  { element: '#talk-generate', title: 'Make it talk', description: 'Press Make it talk. The video is made on our servers: you can leave this page and find it in your gallery.' },
  { element: '#talk-result', title: 'Your video', description: 'The video plays here with its sound. Download or share it: it carries the AI mark. It is saved to your gallery.' },
];

/** Talking Character (/talk, issue 32): one of the user's faces or images speaks a voice, sings a song or says typed text. */
export default function TalkingPage() {
  const [face, setFace] = useState<PickedImage | null>(null);
  const [picked, setSource] = useState<Source>('upload');
  // Issue 44: the chosen character's face fills the picker; its voice sample, when it has one, is the default voice.
  const character = useCurrentCharacter();
  const sample = character?.voice.type === 'sample' ? character.voice : null;
  const tabs = sample ? [{ value: 'character' as const, label: `${character!.name}'s voice` }, ...TABS] : TABS;
  const source: Source = picked === 'character' && !sample ? 'upload' : picked;
  useFillWithCharacter(character, (c) => {
    setFace({ id: `character:${c.id}`, url: c.face_url });
    setSource(c.voice.type === 'sample' ? 'character' : 'text');
  });
  const [voice, setVoice] = useState<File | null>(null);
  const [recorded, setRecorded] = useState<File | null>(null);
  const [song, setSong] = useState('');
  const [text, setText] = useState('');
  const [checking, setChecking] = useState(false);
  const [consent, setConsent] = useState(false);
  const consentId = useId();
  const upload = useRef<HTMLInputElement | null>(null);
  const { running, result, percent, notice, closeNotice } = useStudioSlot(SLOT, 'talking', 'talking');
  const startTour = useTour('talk', TOUR);
  const remaining = TALK_TEXT_MAX - [...text].length;
  const file = source === 'upload' ? voice : source === 'record' ? recorded : null;
  const recordedUrl = useMemo(() => (recorded ? URL.createObjectURL(recorded) : null), [recorded]);
  useEffect(() => () => void (recordedUrl && URL.revokeObjectURL(recordedUrl)), [recordedUrl]);

  const check = async (picked: File | null | undefined, keep: (f: File | null) => void) => {
    if (!picked) return keep(null);
    setChecking(true);
    const problem = await checkVoiceFile(picked);
    setChecking(false);
    if (problem) {
      window.alert(problem);
      if (upload.current && source === 'upload') upload.current.value = '';
      return keep(null);
    }
    keep(picked);
  };

  // "Use these settings" from the gallery (issue 45): the face and what it said (the text, the
  // gallery song, or the voice file when still kept).
  useHandedSettings('/talk', ({ settings, inputs: handed }) => {
    if (handed.face) setFace({ id: handed.face.mediaId ?? handed.face.url, url: handed.face.url });
    const said = textSetting(settings, 'text');
    if (said) {
      setSource('text');
      setText([...said].slice(0, TALK_TEXT_MAX).join(''));
    } else if (handed.song) {
      setSource('song');
      setSong(handed.song.url);
    } else if (handed.voice) {
      setSource('upload');
      void inputFile(handed.voice, 'voice').then((file) => {
        if (!file) return;
        showInFileInput(upload.current, file);
        void check(file, setVoice);
      });
    }
  });

  const generate = () => {
    if (!face) return window.alert(STUDIO_MESSAGES.talkingFace);
    const form = new FormData();
    form.append('user_id', getSession(SessionKey.userId) ?? '');
    form.append('face_url', faceUrlFor(face.url));
    appendCharacter(form);
    if (source === 'character') {
      // The server speaks with the character's sample when the call brings no voice of its own.
    } else if (source === 'text') {
      if (!text.trim()) return window.alert(STUDIO_MESSAGES.talkingOneInput);
      if (remaining < 0) return window.alert(STUDIO_MESSAGES.talkingText);
      form.append('text', text.trim());
    } else if (source === 'song') {
      if (!song) return window.alert(STUDIO_MESSAGES.talkingSong);
      form.append('audio_url', song);
    } else {
      if (!file) return window.alert(STUDIO_MESSAGES.talkingOneInput);
      // A voice may be a real person's (issue 26).
      if (!consent) return window.alert(STUDIO_MESSAGES.consent);
      form.append('audio_file', file, file.name);
      form.append('consent', 'true');
    }
    void startGeneration(SLOT, async () => generationCall('/talking/', form));
  };

  return (
    <StudioScreen
      capability={'talking'}
      title="Talking"
      highlight="Character"
      onTour={startTour}
      notice={notice}
      onCloseNotice={closeNotice}
      form={
        <>
          <GeneratedImagePicker id="talk-face" groups={['faces', 'images']} label="Choose a face or image" selected={face} onSelect={setFace} characterImage={character ? { id: `character:${character.id}`, url: character.face_url } : null} />
          <ModeTabs id="talk-tabs" label="What the face says" tabs={tabs} value={source} onChange={setSource}>
            <Stack gap="4">
              {source === 'character' && sample && (
                <Stack gap="2">
                  <Text fontSize="sm" color="fg.muted">{`${character!.name} speaks with their voice sample (${Math.round(sample.seconds)} s).`}</Text>
                  <audio src={sample.sample_url} controls preload="none" aria-label={`${character!.name}'s voice sample`} style={{ width: '100%' }} />
                </Stack>
              )}
              {source === 'upload' && (
                <Field.Root>
                  <Field.Label>Voice File</Field.Label>
                  <Stack direction="row" align="center" gap="2" w="full">
                    <Input ref={upload} type="file" accept=".wav,.mp3,audio/wav,audio/mpeg" p="1.5" disabled={checking} onChange={(e) => void check(e.target.files?.[0], setVoice)} />
                    {checking && <StatusSpinner size="sm" label="Checking the file" />}
                  </Stack>
                  <Field.HelperText>{`.wav or .mp3, 1 to ${TALK_MAX_SECONDS} seconds.`}</Field.HelperText>
                </Field.Root>
              )}
              {source === 'record' && (
                <Stack gap="2">
                  <VoiceRecorder disabled={checking} onRecorded={(f) => void check(f, setRecorded)} />
                  {recordedUrl && <audio controls src={recordedUrl} aria-label="Your recording" style={{ width: '100%' }} />}
                </Stack>
              )}
              {source === 'song' && <SongPicker value={song} onChange={setSong} />}
              {source === 'text' && (
                <Field.Root>
                  <Field.Label>Text to speak</Field.Label>
                  <Textarea value={text} onChange={(e) => setText([...e.target.value].slice(0, TALK_TEXT_MAX).join(''))} rows={5} placeholder="Hi! I am your new character." aria-describedby="talk-text-count" />
                  <Text id="talk-text-count" fontSize="sm" color="fg.muted" aria-live="polite">
                    {remaining} characters remaining
                  </Text>
                  {character?.voice.type === 'preset' && <Field.HelperText>{voiceNote(character)}</Field.HelperText>}
                </Field.Root>
              )}
              {file && (source === 'upload' || source === 'record') && <ConsentCheckbox id={consentId} checked={consent} onChange={setConsent} />}
            </Stack>
          </ModeTabs>
          <GenerateButton id="talk-generate" label="Make it talk" busy={Boolean(running)} percent={percent} onClick={generate} disabled={Boolean(running) || checking} />
        </>
      }
      result={
        <ResultPanel
          id="talk-result"
          kind="video"
          sound
          result={result}
          busy={Boolean(running)}
          busyText={`Making your character talk... ${percent}%`}
          label="Talking character"
          aspect="1"
          placeholder={<Placeholder kind="video" path="features/imagetovideo.mp4" caption="Your talking character will play here." />}
        />
      }
    />
  );
}
