import { Box, Button, Container, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { usePageTitle } from '../../app/usePageTitle';
import { AccentLinkButton } from '../../app/ui/AccentButton';
import { GradientText } from '../../app/ui/GradientText';
import { glowGradient } from '../../theme/accent';

/** Home (/): the hero. Carousel, features, community, testimonials, FAQ and newsletter plug in below. */
export default function HomePage() {
  usePageTitle('Create your own virtual influencer');
  return (
    <Box as="section" position="relative" overflow="hidden" aria-labelledby="home-hero-title">
      <Box position="absolute" inset="0" bgImage={glowGradient} bgRepeat="no-repeat" pointerEvents="none" />
      <Container
        position="relative"
        maxW="5xl"
        px={{ base: 5, md: 8 }}
        pt={{ base: 16, md: 28 }}
        pb={{ base: 16, md: 28 }}
      >
        <Stack gap={{ base: 6, md: 8 }} align="center" textAlign="center">
          <Text
            fontSize="xs"
            fontWeight="semibold"
            letterSpacing="0.14em"
            textTransform="uppercase"
            color="brand.fg"
            px="3"
            py="1"
            rounded="full"
            borderWidth="1px"
            borderColor="brand.emphasized"
            bg="brand.subtle"
          >
            For creators, brands & agencies
          </Text>
          <Heading
            as="h1"
            id="home-hero-title"
            fontSize={{ base: '4xl', sm: '5xl', md: '7xl' }}
            lineHeight="1.05"
            letterSpacing="-0.03em"
            fontWeight="extrabold"
            maxW="4xl"
          >
            Create your own <GradientText>virtual influencer</GradientText>
          </Heading>
          <Text fontSize={{ base: 'md', md: 'xl' }} color="fg.muted" maxW="2xl">
            Generate realistic AI images and videos, and customise colours, styles and compositions
            with ease.
          </Text>
          <HStack gap="3" flexWrap="wrap" justify="center">
            <AccentLinkButton to="/login" size={{ base: 'lg', md: 'xl' }} rounded="full" px="8">
              Get Started
            </AccentLinkButton>
            <Button asChild variant="outline" size={{ base: 'lg', md: 'xl' }} rounded="full" px="8" borderColor="border.emphasized" color="fg">
              <RouterLink to="/login">Login</RouterLink>
            </Button>
          </HStack>
          <Text fontSize="sm" color="fg.subtle">
            Join 1000+ creators
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}
