// The gallery's selection bar (issue 45): Select all (the items of the page's tab, or every item
// of its search, the pages not loaded yet read first), and for what is selected Favourite, Delete
// (with the page's Undo) and Download as one ZIP of watermarked files, built in the watermark
// worker, with its progress and Cancel.
import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { watermarkedFileName } from '../../../contract/watermark';
import { DownloadIcon } from '../../app/icons/StudioIcons';
import { StarIcon, TrashIcon } from '../../app/icons/GalleryIcons';
import { deleteLater, setFavourite, useGalleryEdits } from '../galleryEdits';
import type { Item } from '../galleryItems';
import { clearSelection, selectAll, useGallerySelection } from '../gallerySelection';
import { songFileName } from '../shareOut';
import type { LoadWholeSearch } from './GallerySearch';
import { ProgressBar } from './ProgressBar';

type Zip = { state: 'idle' } | { state: 'making'; percent: number } | { state: 'done'; count: number } | { state: 'failed'; message: string };

const count = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;

/** `rest`: a search with pages not loaded yet reads them all before Select all picks its items. */
export function GallerySelectionBar({ items, rest = null }: { items: readonly Item[]; rest?: LoadWholeSearch | null }) {
  const selected = useGallerySelection((s) => s.selected);
  const hidden = useGalleryEdits((s) => s.hidden);
  const [zip, setZip] = useState<Zip>({ state: 'idle' });
  const [whole, setWhole] = useState<'idle' | 'loading' | 'failed'>('idle');
  const abort = useRef<AbortController | null>(null);
  const shown = items.filter((i) => !hidden.has(i.id));
  const picked = shown.filter((i) => selected.has(i.id));
  if (shown.length === 0) return null;
  const ids = picked.map((i) => i.id);
  const pickAll = async () => {
    if (!rest) return selectAll(shown.map((i) => i.id));
    setWhole('loading');
    try {
      const all = await rest();
      // Deletes waiting for their Undo stay out, as they are out of the page.
      const gone = useGalleryEdits.getState().hidden;
      selectAll(all.filter((i) => !gone.has(i.id)).map((i) => i.id));
      setWhole('idle');
    } catch (err) {
      setWhole((err as Error).name === 'AbortError' ? 'idle' : 'failed');
    }
  };
  const allFavourite = picked.length > 0 && picked.every((i) => useGalleryEdits.getState().favourites.get(i.id) ?? i.favourite);

  const download = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setZip({ state: 'making', percent: 0 });
    const entries = picked.map((i) => ({ url: i.url, kind: i.kind, name: i.kind === 'audio' ? songFileName(i.id, '', i.url) : watermarkedFileName(i.kind, i.id) }));
    try {
      const { downloadZip } = await import('../../workers/watermark');
      await downloadZip(entries, `persona-studio-${entries.length}-items.zip`, { signal: controller.signal, onProgress: (p) => setZip({ state: 'making', percent: Math.round(p * 100) }) });
      setZip({ state: 'done', count: entries.length });
    } catch (err) {
      if ((err as Error).name === 'AbortError') return setZip({ state: 'idle' });
      console.error('The ZIP could not be made', err);
      setZip({ state: 'failed', message: err instanceof Error ? err.message : String(err) });
    }
  };

  return (
    <Stack as="section" aria-label="Selection" gap="2" mb="3" position={{ base: 'sticky', md: 'static' }} top="0" zIndex="1" bg="bg" py="1">
      <HStack gap="2" flexWrap="wrap">
        <Button size="xs" variant="outline" onClick={() => void pickAll()} loading={whole === 'loading'} disabled={!rest && picked.length === shown.length}>
          Select all ({shown.length}
          {rest ? '+' : ''})
        </Button>
        {whole !== 'idle' && (
          <Text fontSize="xs" role="status" color={whole === 'failed' ? 'fg.error' : 'fg.muted'}>
            {whole === 'failed' ? 'The rest of the search could not be loaded: nothing more was selected. Try again.' : 'Loading every result of the search…'}
          </Text>
        )}
        {picked.length > 0 && (
          <>
            <Text fontSize="sm" role="status" fontWeight="medium">
              {count(picked.length)} selected
            </Text>
            <Button size="xs" variant="outline" onClick={() => void setFavourite(ids, !allFavourite, count(ids.length))}>
              <StarIcon filled={allFavourite} />
              {allFavourite ? 'Unfavourite' : 'Favourite'}
            </Button>
            <Button size="xs" variant="outline" onClick={() => void download()} disabled={zip.state === 'making'}>
              <DownloadIcon />
              Download ZIP
            </Button>
            <Button
              size="xs"
              variant="outline"
              colorPalette="red"
              onClick={() => {
                deleteLater(ids, count(ids.length));
                clearSelection();
              }}
            >
              <TrashIcon />
              Delete
            </Button>
            <Button size="xs" variant="ghost" onClick={clearSelection}>
              Clear selection
            </Button>
          </>
        )}
      </HStack>
      {zip.state === 'making' ? (
        <HStack gap="3">
          <Stack flex="1" gap="1">
            <Text fontSize="xs" color="fg.muted">
              Making your ZIP of watermarked files: {zip.percent}%
            </Text>
            <ProgressBar value={zip.percent} label="ZIP progress" />
          </Stack>
          <Button size="xs" variant="outline" onClick={() => abort.current?.abort()}>
            Cancel ZIP
          </Button>
        </HStack>
      ) : zip.state !== 'idle' ? (
        <Text fontSize="xs" role="status" color={zip.state === 'failed' ? 'fg.error' : 'fg.muted'}>
          {zip.state === 'done' ? `Your ZIP of ${count(zip.count)} is downloaded.` : `The ZIP could not be made: ${zip.message}`}
        </Text>
      ) : null}
    </Stack>
  );
}
