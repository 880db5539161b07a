// What Share offers where the browser cannot share files (issue 45), on gallery items and studio
// results alike: the download and a private link, copied, that opens the item for its signed-in
// owner only (/gallery?item=ID, or a studio result's /gallery?job=ID).
import { Button, HStack, Text, type ButtonProps } from '@chakra-ui/react';
import { useState } from 'react';
import type { ImageVariant } from '../../../contract/watermark';
import { LinkIcon } from '../../app/icons/GalleryIcons';
import { DownloadButton } from './DownloadButton';

/** The item's private link: /gallery?item=ID opens its details for its signed-in owner only. */
export const itemLink = (id: string) => `${location.origin}/gallery?item=${encodeURIComponent(id)}`;
/** A studio result's private link: /gallery?job=ID opens the details of the item that job made, for its owner only. */
export const resultLink = (jobId: string) => `${location.origin}/gallery?job=${encodeURIComponent(jobId)}`;

/** Copies a private link (itemLink, resultLink); says so (or that it could not). */
export function CopyLinkButton({ link, name, size = 'xs' }: { link: string; name: string; size?: ButtonProps['size'] }) {
  const [said, setSaid] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setSaid('Link copied: it opens this item for you only, when signed in.');
    } catch {
      setSaid(`Copy failed: the link is ${link}`);
    }
  };
  return (
    <>
      <Button size={size} variant="outline" onClick={() => void copy()} aria-label={`Copy link to ${name.toLowerCase()}`}>
        <LinkIcon />
        Copy link
      </Button>
      <Text as="span" role="status" fontSize="xs" color="fg.muted" w={said ? 'full' : undefined}>
        {said}
      </Text>
    </>
  );
}

/**
 * What Share offers where the browser cannot share files (issue 45): the download (watermarked;
 * a song as made) and, when the item is known, its private link.
 */
export function ShareOffer({ item, name, link, watermark, size = 'xs' }: { item: { id?: string; url: string; kind: 'image' | 'video' | 'audio' }; name: string; link: string | null; watermark: ImageVariant; size?: ButtonProps['size'] }) {
  const label = `Download ${name.toLowerCase()} to share`;
  return (
    <HStack gap="2" flexWrap="wrap" w="full" role="group" aria-label={`Share ${name.toLowerCase()}`}>
      {item.kind !== 'audio' ? (
        <DownloadButton size={size} item={{ id: item.id, url: item.url, kind: item.kind }} watermark={watermark} aria-label={label} />
      ) : (
        <Button asChild size={size} variant="outline">
          <a href={item.url} download aria-label={label}>
            Download
          </a>
        </Button>
      )}
      {link && <CopyLinkButton link={link} name={name} size={size} />}
    </HStack>
  );
}
