import { Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { ContentLink } from '../../../content/types';

const isExternal = (href: string) => /^[a-z][a-z0-9+.-]*:/i.test(href);

/** A content link: router link for in-app paths, new tab for web links, plain for mailto/tel. */
export function ContentLinkView({ link }: { link: ContentLink }) {
  const style = { color: 'brand.fg', fontWeight: 'medium', textDecoration: 'underline', textUnderlineOffset: '3px' } as const;
  if (!isExternal(link.href)) {
    return (
      <Link asChild {...style}>
        <RouterLink to={link.href}>{link.label}</RouterLink>
      </Link>
    );
  }
  const web = /^https?:/i.test(link.href);
  return (
    <Link href={link.href} {...style} {...(web ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {link.label}
    </Link>
  );
}
