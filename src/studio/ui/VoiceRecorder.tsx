import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { TALK_MAX_SECONDS } from '../../../contract/studio';
import { recordingToWav } from '../wav';

interface VoiceRecorderProps {
  /** The recording as a WAV file (checked by the caller), or null when it is discarded. */
  onRecorded: (file: File | null) => void;
  disabled?: boolean;
}

type State = { step: 'idle' } | { step: 'recording'; seconds: number } | { step: 'converting' } | { step: 'error'; message: string };

/**
 * Records the user's voice (issue 32): the microphone is asked for only when Record is clicked, and
 * let go when Stop is (or at 60 s, or when the screen closes). The recording is made into a WAV in
 * the page, as the server takes WAV or MP3 only.
 */
export function VoiceRecorder({ onRecorded, disabled }: VoiceRecorderProps) {
  const [state, setState] = useState<State>({ step: 'idle' });
  const recorder = useRef<MediaRecorder | null>(null);
  const timer = useRef<number | undefined>(undefined);

  const release = () => {
    window.clearInterval(timer.current);
    recorder.current?.stream.getTracks().forEach((t) => t.stop());
  };
  useEffect(() => () => {
    if (recorder.current?.state === 'recording') recorder.current.onstop = null;
    recorder.current?.stop();
    release();
  }, []);

  const start = async () => {
    onRecorded(null);
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setState({ step: 'error', message: 'The microphone could not be used. Allow it in your browser, or upload a voice file instead.' });
      return;
    }
    const chunks: Blob[] = [];
    const rec = new MediaRecorder(stream);
    recorder.current = rec;
    rec.ondataavailable = (e) => e.data.size && chunks.push(e.data);
    rec.onstop = async () => {
      release();
      setState({ step: 'converting' });
      try {
        onRecorded(await recordingToWav(new Blob(chunks, { type: rec.mimeType }), 'recording'));
        setState({ step: 'idle' });
      } catch {
        setState({ step: 'error', message: 'The recording could not be read. Please record again.' });
      }
    };
    rec.start();
    const began = Date.now();
    setState({ step: 'recording', seconds: 0 });
    timer.current = window.setInterval(() => {
      const seconds = Math.floor((Date.now() - began) / 1000);
      if (seconds >= TALK_MAX_SECONDS) rec.stop();
      else setState({ step: 'recording', seconds });
    }, 250);
  };

  const recording = state.step === 'recording';
  return (
    <Stack gap="2">
      <HStack gap="3">
        <Button variant={recording ? 'solid' : 'outline'} colorPalette={recording ? 'red' : undefined} disabled={disabled || state.step === 'converting'} onClick={() => (recording ? recorder.current?.stop() : void start())}>
          {recording ? 'Stop recording' : 'Record'}
        </Button>
        <Text fontSize="sm" color="fg.muted" aria-live="polite">
          {recording ? `Recording… ${state.seconds} s of at most ${TALK_MAX_SECONDS}` : state.step === 'converting' ? 'Preparing the recording…' : ''}
        </Text>
      </HStack>
      {state.step === 'error' && (
        <Text role="alert" fontSize="sm" color="fg.error">
          {state.message}
        </Text>
      )}
    </Stack>
  );
}
