// Loaded lazily: @react-oauth/google (and Google's script) only arrive when a client id is set.
import { Box, Button, Text } from '@chakra-ui/react';
import { GoogleLogin, GoogleOAuthProvider } from '@react-oauth/google';
import { useState } from 'react';

export interface GoogleButtonProps {
  clientId: string;
  /** Receives the Google ID token of a successful sign-in. */
  onCredential: (credential: string) => void;
  onError: () => void;
  disabled?: boolean;
}

function GoogleMark() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true">
      <path fill="#FFC107" d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3 0 5.8 1.1 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z" />
      <path fill="#FF3D00" d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3 0 5.8 1.1 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
      <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z" />
      <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
    </svg>
  );
}

/**
 * Google's own sign-in button (it yields an ID token). Until Google's script has loaded, and if
 * it cannot load (offline), a same-sized 'Login with Google' placeholder stands in its place.
 */
export default function GoogleButton({ clientId, onCredential, onError, disabled }: GoogleButtonProps) {
  const [script, setScript] = useState<'loading' | 'ready' | 'failed'>('loading');
  return (
    <GoogleOAuthProvider
      clientId={clientId}
      onScriptLoadSuccess={() => setScript('ready')}
      onScriptLoadError={() => setScript('failed')}
    >
      {script === 'ready' ? (
        <Box display="flex" justifyContent="center" minH="44px" pointerEvents={disabled ? 'none' : undefined}>
          <GoogleLogin
            onSuccess={({ credential }) => (credential ? onCredential(credential) : onError())}
            onError={onError}
            text="continue_with"
            theme="filled_black"
            shape="pill"
            size="large"
            width="320"
          />
        </Box>
      ) : (
        <Box>
          <Button variant="outline" size="lg" w="full" rounded="full" disabled loading={script === 'loading'} loadingText="Login with Google">
            <GoogleMark />
            Login with Google
          </Button>
          {script === 'failed' ? (
            <Text mt="2" fontSize="sm" color="fg.muted" textAlign="center">
              Google sign-in could not load. Check your connection and try again.
            </Text>
          ) : null}
        </Box>
      )}
    </GoogleOAuthProvider>
  );
}
