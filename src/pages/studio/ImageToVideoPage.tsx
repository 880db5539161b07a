import { StudioSessionKey } from '../../lib/persistedSession';
import { Field, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { STUDIO_MESSAGES } from '../../../contract/studio';
import { getSession, SessionKey } from '../../lib/session';
import { textSetting, useHandedSettings } from '../../studio/settingsHandOff';
import { startGeneration, useStudioSlot } from '../../studio/studioStore';
import { GeneratedImagePicker, type PickedImage } from '../../studio/ui/GeneratedImagePicker';
import { GenerateButton } from '../../studio/ui/GenerateButton';
import { Placeholder } from '../../studio/ui/Placeholder';
import { ResultPanel } from '../../studio/ui/ResultPanel';
import { StudioScreen } from '../../studio/ui/StudioScreen';
import { generationCall } from '../../api/studio';
import { characterFields } from '../../stores/characterStore';

const SLOT = StudioSessionKey.imageToVideoOutput;

/** Image to Video (/Imagetovideo): a generated image brought to life by a prompt. */
export default function ImageToVideoPage() {
  const [image, setImage] = useState<PickedImage | null>(null);
  const [prompt, setPrompt] = useState('');
  const { running, result, percent, notice, closeNotice } = useStudioSlot(SLOT, 'imageToVideo', 'imageToVideo');
  // "Use these settings" from the gallery (issue 45): the picture and the prompt.
  useHandedSettings('/Imagetovideo', ({ settings, inputs: { image: picture } }) => {
    setPrompt(textSetting(settings, 'prompt'));
    if (picture) setImage({ id: picture.mediaId ?? picture.url, url: picture.url });
  });

  const generate = () => {
    if (!image || !prompt.trim()) return window.alert(STUDIO_MESSAGES.imageToVideo);
    const body = { user_id: getSession(SessionKey.userId) ?? '', input_image: image.url, prompt: prompt.trim(), ...characterFields(true) };
    void startGeneration(SLOT, async () => generationCall('/imagetovideos/', body));
  };

  return (
    <StudioScreen
      capability={'imageToVideo'}
      styleSwitch
      title="Image to"
      highlight="Video"
      notice={notice}
      onCloseNotice={closeNotice}
      form={
        <>
          <GeneratedImagePicker id="i2v-image" selected={image} onSelect={setImage} />
          <Field.Root>
            <Field.Label>Prompt</Field.Label>
            <Textarea value={prompt} onChange={(e) => setPrompt(e.target.value)} rows={4} maxLength={2000} placeholder="Slow zoom in as she turns to the camera and smiles" />
          </Field.Root>
          <GenerateButton label="Generate Video" busy={Boolean(running)} percent={percent} onClick={generate} />
        </>
      }
      result={
        <ResultPanel
          kind="video"
          result={result}
          busy={Boolean(running)}
          busyText={`Generating your video... ${percent}%`}
          label="Image to video result"
          placeholder={<Placeholder kind="video" path="features/imagetovideo.mp4" caption="A sample: your clip will play here." />}
        />
      }
    />
  );
}
