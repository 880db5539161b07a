import { Box, Container, Stack } from '@chakra-ui/react';
import { BANNER_IMAGES } from '../../../content/home';
import { NEWSLETTER } from '../../../content/newsletter';
import { PlainImage } from './PlainImage';
import { NewsletterForm } from './NewsletterForm';
import { SectionHeading } from './SectionHeading';

/** The newsletter block over a banner of the 15 vertical images (home, about, affiliate). */
export function NewsletterSection() {
  return (
    <Box as="section" aria-labelledby="newsletter-title" position="relative" overflow="hidden" py={{ base: 16, md: 24 }}>
      <Box position="absolute" inset="0" display="flex" gap="2" aria-hidden opacity="0.75">
        {BANNER_IMAGES.map((img) => (
          <PlainImage key={img.src} {...img} alt="" style={{ flex: '0 0 auto', height: '100%', borderRadius: 8 }} />
        ))}
      </Box>
      <Box
        position="absolute"
        inset="0"
        bgImage="linear-gradient(180deg, rgba(9,9,15,0.9) 0%, rgba(9,9,15,0.45) 50%, rgba(9,9,15,0.9) 100%)"
        aria-hidden
      />
      <Container position="relative" maxW="3xl" px={{ base: 4, md: 8 }}>
        <Stack
          align="center"
          textAlign="center"
          gap="6"
          p={{ base: 6, md: 10 }}
          rounded="2xl"
          bg="rgba(15, 15, 24, 0.72)"
          backdropFilter="blur(10px)"
          borderWidth="1px"
          borderColor="border.emphasized"
        >
          <SectionHeading id="newsletter-title" title={NEWSLETTER.title} highlight={NEWSLETTER.gradianttitle} subtitle={NEWSLETTER.subtitle} textAlign="center" />
          <NewsletterForm />
        </Stack>
      </Container>
    </Box>
  );
}
