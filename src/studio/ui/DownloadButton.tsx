import { Button, Link, Text, type ButtonProps, type TextProps } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { AI_TRANSPARENCY_PATH } from '../../content/brand';
import type { ImageVariant } from '../../workers/watermark';
import { DownloadIcon } from '../../app/icons/StudioIcons';

interface DownloadButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  item: { id?: string; url: string; kind: 'image' | 'video' };
  /** The image watermark's placement: studio (bottom-right) or gallery (centred). */
  watermark?: ImageVariant;
  label?: string;
}

/**
 * A watermarked download (spec §7, §9): the media is fetched, watermarked off the main thread and
 * saved. The button is disabled with a spinner while its item downloads; a video shows how far
 * the watermarking is. A failure is logged (spec §8) and said briefly on the button.
 */
export function DownloadButton({ item, watermark = 'studio', label = 'Download', ...rest }: DownloadButtonProps) {
  const [busy, setBusy] = useState(false);
  const [percent, setPercent] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const onClick = async () => {
    setBusy(true);
    setFailed(false);
    setPercent(null);
    abort.current = new AbortController();
    try {
      const { downloadWatermarked } = await import('../../workers/watermark');
      await downloadWatermarked(item, { variant: watermark, signal: abort.current.signal, onProgress: (p) => setPercent(Math.round(p * 100)) });
    } catch (err) {
      if ((err as Error).name !== 'AbortError') {
        console.error('Watermarked download failed', err);
        setFailed(true);
      }
    } finally {
      setBusy(false);
      setPercent(null);
    }
  };

  return (
    <Button
      size="sm"
      variant="outline"
      onClick={onClick}
      disabled={busy}
      loading={busy}
      loadingText={percent === null ? 'Downloading...' : `Watermarking ${percent}%`}
      {...rest}
    >
      <DownloadIcon />
      {failed ? 'Download failed, retry' : label}
    </Button>
  );
}

/** What a download keeps of the marks (issue 26), by where the download button is. */
export const DOWNLOAD_NOTE = {
  studio: 'Downloads and shares carry the AI mark; the signed Content Credentials stay on the original in your gallery.',
  gallery: 'Downloads and shares carry the AI mark; the signed Content Credentials stay on the originals here.',
} as const;

/**
 * The plain note beside downloads: the watermark re-encodes the file in the browser, which keeps
 * the IPTC mark but cannot sign a new C2PA manifest. The download buttons' aria-describedby
 * points at `noteId`, the sentence alone (not the link after it).
 */
export function DownloadNote({ where, noteId, ...rest }: { where: keyof typeof DOWNLOAD_NOTE; noteId: string } & Omit<TextProps, 'children'>) {
  return (
    <Text fontSize="xs" color="fg.subtle" lineHeight="1.5" {...rest}>
      <span id={noteId}>{DOWNLOAD_NOTE[where]}</span>{' '}
      <Link asChild color="brand.fg" textDecoration="underline" textUnderlineOffset="2px">
        <RouterLink to={AI_TRANSPARENCY_PATH}>About AI marks</RouterLink>
      </Link>
    </Text>
  );
}
