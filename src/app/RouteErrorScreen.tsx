import { Button, Center, Code, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
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

interface BoundaryProps {
  children: ReactNode;
  /** The location: moving elsewhere clears the error and renders the new page. */
  resetKey: string;
}

/** Catches what a page throws while rendering and shows RouteErrorScreen in its place. */
export class RouteErrorBoundary extends Component<BoundaryProps, { failed: boolean; error: unknown; key: string }> {
  state = { failed: false, error: undefined as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { key: string }) {
    return props.resetKey === state.key ? null : { failed: false, error: undefined, key: props.resetKey };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Page failed to render', error, info.componentStack);
  }

  render() {
    return this.state.failed ? <RouteErrorScreen error={this.state.error} /> : this.props.children;
  }
}
