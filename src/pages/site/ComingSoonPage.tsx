import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { AccentLinkButton } from '../../app/ui/AccentButton';
import { PageSection } from '../../app/ui/PageSection';
import { PageHero } from './components/PageHero';
import { NewsletterForm } from './components/NewsletterForm';

/** Coming Soon (/commingsoon). */
export default function ComingSoonPage() {
  return (
    <PageSection>
      <Box py={{ base: 10, md: 20 }}>
        <PageHero
          center
          title="Coming"
          highlight="Soon"
          headline="Something new is on its way to the studio."
          intro="We are putting the finishing touches on this feature. Join the newsletter and you will be the first to know when it launches."
        >
          <Stack align="center" w="100%" gap="6" mt="4">
            <NewsletterForm />
            <HStack gap="3">
              <AccentLinkButton to="/" rounded="full">
                Back to home
              </AccentLinkButton>
            </HStack>
            <Text fontSize="sm" color="fg.subtle">
              Meanwhile, explore what you can already create.
            </Text>
          </Stack>
        </PageHero>
      </Box>
    </PageSection>
  );
}
