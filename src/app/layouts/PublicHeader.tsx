import { Box, Button, Container, Flex, HStack, Link } from '@chakra-ui/react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { hasAccessToken } from '../../lib/session';
import { useClientValue } from '../../lib/useClientValue';
import { HEADER_LINKS } from '../siteLinks';
import { AccentLinkButton } from '../ui/AccentButton';
import { Logo } from '../ui/Logo';

function HeaderLinks({ size }: { size: 'sm' | 'md' }) {
  const { pathname } = useLocation();
  return (
    <HStack as="ul" gap={size === 'sm' ? 5 : 7} listStyleType="none">
      {HEADER_LINKS.map(({ label, to }) => {
        const current = pathname === to;
        return (
          <li key={to}>
            <Link
              asChild
              fontSize={size}
              fontWeight="medium"
              color={current ? 'fg' : 'fg.muted'}
              _hover={{ color: 'fg' }}
            >
              <RouterLink to={to} aria-current={current ? 'page' : undefined}>
                {label}
              </RouterLink>
            </Link>
          </li>
        );
      })}
    </HStack>
  );
}

/**
 * The public site's top bar: logo, Pricing / Blogs / About, and the sign-in actions; in the
 * installed desktop app also the window's title bar (data-title-bar, index.html).
 */
export function PublicHeader() {
  const signedIn = useClientValue(hasAccessToken, false);
  return (
    <Box
      as="header"
      data-title-bar
      position="sticky"
      top="0"
      zIndex="sticky"
      bg="rgba(9, 9, 15, 0.78)"
      backdropFilter="saturate(160%) blur(14px)"
      borderBottomWidth="1px"
      borderColor="border.muted"
    >
      <Container maxW="6xl" px={{ base: 4, md: 8 }}>
        <Flex h={{ base: '14', md: '16' }} align="center" justify="space-between" gap="4">
          <Link asChild rounded="l2" flexShrink={0}>
            <RouterLink to="/">
              <Logo alt="Persona Studio home" height={{ base: '26px', md: '32px' }} />
            </RouterLink>
          </Link>
          <Box as="nav" aria-label="Main" display={{ base: 'none', md: 'block' }}>
            <HeaderLinks size="md" />
          </Box>
          <HStack gap={{ base: 1, md: 3 }}>
            {signedIn ? (
              <AccentLinkButton to="/face" size={{ base: 'sm', md: 'md' }} rounded="full">
                Open Studio
              </AccentLinkButton>
            ) : (
              <>
                <Button asChild variant="ghost" size={{ base: 'sm', md: 'md' }} rounded="full" color="fg">
                  <RouterLink to="/login">Login</RouterLink>
                </Button>
                <AccentLinkButton to="/login" size={{ base: 'sm', md: 'md' }} rounded="full" px={{ base: 4, md: 5 }}>
                  Get Started
                </AccentLinkButton>
              </>
            )}
          </HStack>
        </Flex>
        <Box as="nav" aria-label="Main" display={{ base: 'block', md: 'none' }} pb="3" mt="-1">
          <HeaderLinks size="sm" />
        </Box>
      </Container>
    </Box>
  );
}
