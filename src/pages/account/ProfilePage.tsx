import { Alert, Box, Button, Center, HStack, Heading, Input, Field, Separator, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { profileApi } from '../../api/profile';
import { PageSection } from '../../app/ui/PageSection';
import { PageTitle } from '../../app/ui/PageTitle';
import { useBlockDevTools } from '../../lib/blockDevTools';
import { useSessionStore } from '../../stores/sessionStore';
import { BusyOverlay } from '../auth/components/BusyOverlay';
import { CommsToggle } from './profile/CommsToggle';
import { DeleteAccountDialog } from './profile/DeleteAccountDialog';
import { DeveloperSection } from './profile/developer/DeveloperSection';
import { LOGOUT_OVERLAY_MS, PROFILE_MESSAGES } from './profile/messages';
import { NameEditor } from './profile/NameEditor';
import { ProfileAvatar } from './profile/ProfileAvatar';
import { TrackStatus } from './profile/TrackStatus';
import { useProfile } from './profile/useProfile';

const card = { bg: 'bg.panel', borderWidth: '1px', borderColor: 'border.muted', rounded: '2xl', p: { base: 5, md: 7 } } as const;

/** Profile (/profile): name, email, communications, track status, API keys and webhooks, sign out, delete account. */
export default function ProfilePage() {
  useBlockDevTools();
  const navigate = useNavigate();
  const signOut = useSessionStore((s) => s.signOut);
  const forget = useSessionStore((s) => s.forget);
  const { userId, load, reload, error, setError, notice, saveName, saveComms, savingComms } = useProfile();
  const [loggingOut, setLoggingOut] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const onSignOut = async () => {
    setLoggingOut(true);
    // The overlay shows for 2 s (spec §4) while the server revokes the refresh token.
    await Promise.all([signOut(), new Promise((r) => setTimeout(r, LOGOUT_OVERLAY_MS))]);
    navigate('/login', { replace: true });
  };

  const onDelete = async () => {
    if (load.state !== 'ready') return;
    setDeleting(true);
    setError(null);
    try {
      const res = await profileApi.remove(userId, load.data.profile.email);
      if (res.status !== 204) throw new Error(`unexpected status ${res.status}`);
    } catch {
      setDeleting(false);
      setConfirmOpen(false);
      setError(PROFILE_MESSAGES.deleteFailed);
      return;
    }
    await forget();
    navigate('/login', { replace: true });
  };

  return (
    <PageSection maxW="3xl" py={{ base: 6, md: 10 }}>
      <PageTitle title="Profile" />
      <Text mt="2" color="fg.muted">
        Your account, communications and plan.
      </Text>

      {error ? (
        <Alert.Root status="error" mt="6" rounded="xl">
          <Alert.Indicator />
          <Alert.Title>{error}</Alert.Title>
        </Alert.Root>
      ) : null}

      {load.state === 'loading' ? (
        <Center role="status" aria-live="polite" py="20" flexDirection="column" gap="3">
          <Spinner size="lg" color="brand.fg" borderWidth="3px" />
          <Text color="fg.muted">Loading profile...</Text>
        </Center>
      ) : null}

      {load.state === 'error' ? (
        <Stack mt="8" gap="4" align="flex-start" {...card}>
          <Alert.Root status="error" rounded="xl">
            <Alert.Indicator />
            <Alert.Title>{PROFILE_MESSAGES.loadFailed}</Alert.Title>
          </Alert.Root>
          <Button variant="outline" onClick={() => void reload()}>
            Try again
          </Button>
        </Stack>
      ) : null}

      {load.state === 'ready' ? (
        <Stack mt="8" gap="6">
          <Stack gap="6" {...card}>
            <HStack gap={{ base: 4, md: 6 }} align="center">
              <ProfileAvatar name={load.data.profile.name} />
              <Box flex="1" minW="0">
                <NameEditor name={load.data.profile.name} onSave={saveName} />
              </Box>
            </HStack>
            {notice ? (
              <Alert.Root status="success" rounded="xl" role="status">
                <Alert.Indicator />
                <Alert.Title>{notice}</Alert.Title>
              </Alert.Root>
            ) : null}
            <Field.Root readOnly>
              <Field.Label>Email</Field.Label>
              <Input value={load.data.profile.email} readOnly size="lg" bg="bg.subtle" borderColor="border.muted" color="fg.muted" />
            </Field.Root>
          </Stack>

          <Box {...card}>
            <CommsToggle checked={Boolean(load.data.profile.receive_comms)} disabled={savingComms} onChange={(v) => void saveComms(v)} />
          </Box>

          <Box {...card}>
            <TrackStatus status={load.data.track_status} />
          </Box>

          <Stack as="section" aria-labelledby="developer-heading" gap="5" {...card}>
            <Heading as="h2" size="lg" id="developer-heading">
              API keys &amp; webhooks
            </Heading>
            <DeveloperSection />
          </Stack>

          <Separator />
          <Stack direction={{ base: 'column', sm: 'row' }} gap="3" justify="space-between">
            <Button variant="outline" size="lg" onClick={() => void onSignOut()}>
              Sign out
            </Button>
            <Button variant="subtle" colorPalette="red" size="lg" onClick={() => setConfirmOpen(true)}>
              Delete account
            </Button>
          </Stack>
        </Stack>
      ) : null}

      <DeleteAccountDialog
        open={confirmOpen}
        deleting={deleting}
        onCancel={() => setConfirmOpen(false)}
        onConfirm={() => void onDelete()}
      />
      {loggingOut ? <BusyOverlay label={PROFILE_MESSAGES.loggingOut} /> : null}
    </PageSection>
  );
}
