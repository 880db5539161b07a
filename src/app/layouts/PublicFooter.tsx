import { Box, Container, Flex, Image, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { MapPinIcon } from '../icons/MapPinIcon';
import { FOOTER_BLURB, FOOTER_LINKS } from '../../content/brand';
import { ADDRESS_LINES, COPYRIGHT_LINE, FEATURED_BADGES, MAPS_URL } from '../../content/contact';
import { Logo } from '../ui/Logo';
import { SocialLinks } from './SocialLinks';

/** The public footer (document 1 §2, Footer): logo, links, address, badges, copyright, socials. */
export function PublicFooter() {
  return (
    <Box as="footer" borderTopWidth="1px" borderColor="border.muted" bg="bg.subtle" mt="auto">
      <Container maxW="6xl" px={{ base: 4, md: 8 }} pt={{ base: 10, md: 14 }} pb="8">
        <Flex direction={{ base: 'column', lg: 'row' }} gap={{ base: 10, lg: 16 }} justify="space-between">
          <Stack gap="5" maxW={{ lg: 'sm' }}>
            <Link asChild alignSelf="flex-start" rounded="l2">
              <RouterLink to="/">
                <Logo alt="Persona Studio home" height="36px" />
              </RouterLink>
            </Link>
            <Text color="fg.muted" fontSize="sm">
              {FOOTER_BLURB}
            </Text>
            <Link
              href={MAPS_URL}
              target="_blank"
              rel="noopener noreferrer"
              color="fg.muted"
              fontSize="sm"
              alignItems="flex-start"
              gap="2"
              _hover={{ color: 'fg' }}
            >
              <Box as="span" mt="0.5" flexShrink={0} color="brand.fg">
                <MapPinIcon size="18" />
              </Box>
              <Box as="address" fontStyle="normal">
                {ADDRESS_LINES.slice(1).map((line) => (
                  <Box as="span" display="block" key={line}>
                    {line}
                  </Box>
                ))}
              </Box>
            </Link>
          </Stack>

          <Box as="nav" aria-label="Footer" flex="1" maxW={{ lg: 'md' }}>
            <Box as="ul" display="grid" gridTemplateColumns="repeat(2, minmax(0, 1fr))" columnGap="6" rowGap="3" listStyleType="none">
              {FOOTER_LINKS.map(({ label, href }) => (
                <li key={href}>
                  <Link asChild color="fg.muted" fontSize="sm" _hover={{ color: 'fg' }}>
                    <RouterLink to={href}>{label}</RouterLink>
                  </Link>
                </li>
              ))}
            </Box>
          </Box>

          <Stack gap="3" align={{ base: 'flex-start', lg: 'flex-end' }}>
            {FEATURED_BADGES.map((badge) => (
              <Link key={badge.href} href={badge.href} target="_blank" rel="noopener noreferrer" rounded="l3">
                <Image src={badge.image} alt={badge.alt} width="250px" height="54px" maxW="full" loading="lazy" />
              </Link>
            ))}
          </Stack>
        </Flex>

        <Flex
          mt={{ base: 10, md: 12 }}
          pt="6"
          borderTopWidth="1px"
          borderColor="border.muted"
          direction={{ base: 'column-reverse', md: 'row' }}
          gap="5"
          justify="space-between"
          align={{ base: 'flex-start', md: 'center' }}
        >
          <Text color="fg.subtle" fontSize="sm">
            {COPYRIGHT_LINE}
          </Text>
          <SocialLinks />
        </Flex>
      </Container>
    </Box>
  );
}
