import { Link, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { HEAD_BYTES } from '../../../contract/media-type';
import { screenForFile, SHARE_FALLBACK_SCREEN, SHARE_MAX_BYTES, withShareNotice } from '../../../contract/share';
import { PageSection } from '../../app/ui/PageSection';
import { StatusSpinner } from '../../studio/ui/StatusSpinner';
import { keepShare } from '../../studio/incomingShare';

/** What the File Handling API hands over (window.launchQueue); not in TypeScript's DOM types yet. */
interface LaunchParams {
  files: ReadonlyArray<{ kind?: string; getFile(): Promise<File> }>;
}
declare global {
  interface Window {
    launchQueue?: { setConsumer(consumer: (params: LaunchParams) => void): void };
  }
}

/** Without launch parameters (the page opened by hand) it gives up after this long. */
const WAIT_MS = 4000;

/** The first launched file a screen takes, kept for that screen; where to go next. */
async function landingFor(params: LaunchParams): Promise<string> {
  for (const handle of params.files) {
    if (handle.kind && handle.kind !== 'file') continue;
    const file = await handle.getFile();
    const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
    const screen = screenForFile({ head, name: file.name, type: file.type, size: file.size });
    if (!screen) continue;
    if (file.size > SHARE_MAX_BYTES) return withShareNotice(SHARE_FALLBACK_SCREEN, 'too-large');
    await keepShare({ screen, file, name: file.name, type: file.type, receivedAt: Date.now() });
    return screen;
  }
  return withShareNotice(SHARE_FALLBACK_SCREEN, 'unsupported');
}

/**
 * /open-file: the installed app's file handlers open pictures and songs here (manifest
 * file_handlers). The file goes where a shared one would: a picture to Cloth Swap, a song to AI
 * Music; a signed-out person signs in first and lands there after.
 */
export default function OpenFilePage() {
  const navigate = useNavigate();
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    let done = false;
    const timer = setTimeout(() => setWaited(true), WAIT_MS);
    window.launchQueue?.setConsumer((params) => {
      if (done || !params.files.length) return;
      done = true;
      clearTimeout(timer);
      landingFor(params)
        .catch(() => withShareNotice(SHARE_FALLBACK_SCREEN, 'unsupported'))
        .then((to) => navigate(to, { replace: true }));
    });
    return () => {
      done = true;
      clearTimeout(timer);
    };
  }, [navigate]);

  return (
    <PageSection maxW="xl" py="16">
      <Stack align="center" gap="4" textAlign="center">
        {waited ? (
          <>
            <Text>No file was opened with Persona Studio.</Text>
            <Link asChild color="brand.fg" textDecoration="underline">
              <RouterLink to="/gallery">Go to your gallery</RouterLink>
            </Link>
          </>
        ) : (
          <StatusSpinner label="Opening your file" />
        )}
      </Stack>
    </PageSection>
  );
}
