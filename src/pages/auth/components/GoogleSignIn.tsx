import { Box, HStack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { loadAppConfig } from '../../../api/auth';

const GoogleButton = lazy(() => import('./GoogleButton'));

/**
 * Test and integration hook: while Google sign-in is configured and this button is shown, a
 * `persona:google-credential` CustomEvent on window whose `detail` is a Google ID token runs the
 * same handler as Google's button. Browser tests use it (Google's real button needs Google's
 * servers); it grants nothing, since the server verifies the token's signature and audience.
 */
export const GOOGLE_CREDENTIAL_EVENT = 'persona:google-credential';

interface GoogleSignInProps {
  onCredential: (credential: string) => void;
  onError: () => void;
  disabled?: boolean;
}

/** 'Login with Google', shown only when the server has a Google client id (GET /app_config/). */
export function GoogleSignIn({ onCredential, onError, disabled }: GoogleSignInProps) {
  const [clientId, setClientId] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void loadAppConfig().then((config) => {
      if (live) setClientId(config.google_client_id);
    });
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!clientId) return;
    const onEvent = (e: Event) => {
      const credential = (e as CustomEvent<unknown>).detail;
      if (typeof credential === 'string' && credential) onCredential(credential);
    };
    window.addEventListener(GOOGLE_CREDENTIAL_EVENT, onEvent);
    return () => window.removeEventListener(GOOGLE_CREDENTIAL_EVENT, onEvent);
  }, [clientId, onCredential]);

  if (!clientId) return null;
  return (
    <Box role="group" aria-label="Login with Google" data-google-ready="">
      <HStack my="5" gap="3" color="fg.subtle" fontSize="sm">
        <Box flex="1" h="1px" bg="border" />
        <Text>or</Text>
        <Box flex="1" h="1px" bg="border" />
      </HStack>
      <Suspense fallback={<Box minH="44px" />}>
        <GoogleButton clientId={clientId} onCredential={onCredential} onError={onError} disabled={disabled} />
      </Suspense>
    </Box>
  );
}
