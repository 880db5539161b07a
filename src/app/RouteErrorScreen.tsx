import { Button, Center, Code, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { usePageTitle } from './usePageTitle';
import { AccentButton } from './ui/AccentButton';
import { Logo } from './ui/Logo';

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return 'Unknown error';
}

/** 'Unexpected Application Error!' with the error's message, a reload and a way home. */
export function RouteErrorScreen({ error }: { error: unknown }) {
  usePageTitle('Unexpected Application Error!');
  return (
    <Center minH="100dvh" px="4" py="12" bgImage="{gradients.glow}" bgRepeat="no-repeat">
      <Stack gap="6" maxW="lg" w="full" align="flex-start" role="alert">
        <Logo alt="Persona Studio" height="32px" />
        <Heading as="h1" fontSize={{ base: '2xl', md: '3xl' }} lineHeight="1.2">
          Unexpected Application Error!
        </Heading>
        <Code
          display="block"
          w="full"
          p="4"
          rounded="l3"
          bg="bg.panel"
          color="fg.error"
          fontSize="sm"
          whiteSpace="pre-wrap"
          wordBreak="break-word"
        >
          {describe(error)}
        </Code>
        <Text color="fg.muted">Reloading usually helps. If it keeps happening, please tell us.</Text>
        <HStack gap="3">
          <AccentButton rounded="full" onClick={() => window.location.reload()}>
            Reload
          </AccentButton>
          <Button asChild variant="outline" rounded="full" color="fg" borderColor="border.emphasized">
            <RouterLink to="/" reloadDocument>
              Go to home
            </RouterLink>
          </Button>
        </HStack>
      </Stack>
    </Center>
  );
}
