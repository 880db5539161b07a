import { Stack, Text } from '@chakra-ui/react';
import { AccentLinkButton } from '../../app/ui/AccentButton';
import { GradientText } from '../../app/ui/GradientText';
import { PageSection } from '../../app/ui/PageSection';
import { PageTitle } from '../../app/ui/PageTitle';

/** Any unknown path ('*'), inside the public layout. */
export default function NotFoundPage() {
  return (
    <PageSection>
      <Stack gap="5" align="flex-start" py={{ base: 6, md: 12 }}>
        <Text fontSize={{ base: '5xl', md: '7xl' }} fontWeight="bold" lineHeight="1">
          <Text as="span" srOnly>
            Error{' '}
          </Text>
          <GradientText>404</GradientText>
        </Text>
        <PageTitle title="Page not found" />
        <Text color="fg.muted" maxW="md">
          The page you are looking for does not exist or has moved.
        </Text>
        <AccentLinkButton to="/" rounded="full">
          Back to home
        </AccentLinkButton>
      </Stack>
    </PageSection>
  );
}
