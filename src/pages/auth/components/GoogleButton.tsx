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

/** Google's own sign-in button (it yields an ID token), with a fallback when its script fails. */
export default function GoogleButton({ clientId, onCredential, onError, disabled }: GoogleButtonProps) {
  const [scriptFailed, setScriptFailed] = useState(false);
  if (scriptFailed) {
    return (
      <Box>
        <Button variant="outline" size="lg" w="full" disabled>
          Login with Google
        </Button>
        <Text mt="2" fontSize="sm" color="fg.muted" textAlign="center">
          Google sign-in could not load. Check your connection and try again.
        </Text>
      </Box>
    );
  }
  return (
    <GoogleOAuthProvider clientId={clientId} onScriptLoadError={() => setScriptFailed(true)}>
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
    </GoogleOAuthProvider>
  );
}
