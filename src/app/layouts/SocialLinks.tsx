import { HStack, Link } from '@chakra-ui/react';
import type { ComponentType } from 'react';
import { SOCIAL_LINKS } from '../../content/contact';
import type { SocialNetwork } from '../../content/types';
import type { IconProps } from '../icons/SvgIcon';
import {
  FacebookIcon,
  InstagramIcon,
  LinkedInIcon,
  WhatsAppIcon,
  XIcon,
  YouTubeIcon,
} from '../icons/SocialIcons';

const ICONS: Record<SocialNetwork, ComponentType<IconProps>> = {
  facebook: FacebookIcon,
  linkedin: LinkedInIcon,
  instagram: InstagramIcon,
  whatsapp: WhatsAppIcon,
  x: XIcon,
  youtube: YouTubeIcon,
};

/** The footer's row of social profile links, each an icon button with an aria-label. */
export function SocialLinks() {
  return (
    <HStack as="ul" gap="2" listStyleType="none" flexWrap="wrap" aria-label="Social media">
      {SOCIAL_LINKS.map(({ network, label, href }) => {
        const Icon = ICONS[network];
        return (
          <li key={network}>
            <Link
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={label}
              title={label}
              display="inline-flex"
              alignItems="center"
              justifyContent="center"
              boxSize="10"
              rounded="full"
              borderWidth="1px"
              borderColor="border"
              bg="bg.panel"
              color="fg.muted"
              transition="color 0.2s, border-color 0.2s, background 0.2s"
              _hover={{ color: 'fg', borderColor: 'brand.fg', bg: 'bg.muted' }}
            >
              <Icon size="18" />
            </Link>
          </li>
        );
      })}
    </HStack>
  );
}
