import { Box, Button, Grid, HStack, Stack, Text } from '@chakra-ui/react';
import { createContext, useSyncExternalStore, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Capability } from '../../../contract/capabilities';
import { CAPABILITY_UNAVAILABLE } from '../../../contract/health';
import { SHARE_NOTICE_PARAM, SHARE_NOTICES, type ShareProblem } from '../../../contract/share';
import { useCapabilityUnavailable } from '../availability';
import { isOffline, subscribeConnectivity } from '../../lib/connectivity';
import { PageSection } from '../../app/ui/PageSection';
import { PageTitle } from '../../app/ui/PageTitle';
import { useBlockDevTools } from '../../lib/blockDevTools';
import { InfoIcon } from '../../app/icons/StudioIcons';
import { NotificationBar, type StudioNotice } from './NotificationBar';
import { CharacterBar } from '../characters/CharacterBar';

interface StudioScreenProps {
  title: string;
  highlight?: string;
  /** The 'How to use' button, on screens with a tour. */
  onTour?: () => void;
  notice?: StudioNotice | null;
  onCloseNotice?: () => void;
  /** The inputs (left on wide screens, first on phones). */
  form: ReactNode;
  /** The result panel (right on wide screens). */
  result: ReactNode;
  /** The capability Generate calls: refused by the server now, the screen says so and Generate is disabled. */
  capability?: Capability;
  /** The screen's calls have a prompt: the character bar shows "Use style" (issue 44). */
  styleSwitch?: boolean;
}

/** True inside a screen whose capability the server refuses now (GenerateButton reads it). */
export const CapabilityUnavailable = createContext(false);

export const formCard = { bg: 'bg.panel', borderWidth: '1px', borderColor: 'border.muted', rounded: '2xl', p: { base: 4, md: 6 } } as const;

/** Offline, the studio says what still works here, beside the app's own offline notice. */
function StudioOfflineNote() {
  const offline = useSyncExternalStore(subscribeConnectivity, isOffline, () => false);
  if (!offline) return null;
  return (
    <Box role="status" rounded="xl" borderWidth="1px" borderColor="border.emphasized" bg="bg.panel" px="4" py="3" mb="5" fontSize="sm">
      <Text as="span" fontWeight="semibold">Offline.</Text> Your gallery and the results you have seen still show. A generation you start now is queued
      and sent when you are back online, except from an Instagram link, which must be fetched first. Downloads need the network.
    </Box>
  );
}

/** Why a share could not be taken (issue 28): ?share=again | unsupported | too-large, until closed. */
function ShareNotice() {
  // useLocation and useNavigate, not useSearchParams: that hook would join the app chunk every
  // public page loads (react-router's code lives there).
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(search);
  const problem = params.get(SHARE_NOTICE_PARAM);
  if (!problem || !(problem in SHARE_NOTICES)) return null;
  const close = () => {
    params.delete(SHARE_NOTICE_PARAM);
    const rest = params.toString();
    navigate({ pathname, search: rest ? `?${rest}` : '' }, { replace: true });
  };
  return (
    <HStack role="status" rounded="xl" borderWidth="1px" borderColor="border.emphasized" bg="bg.panel" px="4" py="3" mb="5" fontSize="sm" justify="space-between" gap="3">
      <Text>{SHARE_NOTICES[problem as ShareProblem]}</Text>
      <Button size="xs" variant="ghost" onClick={close}>
        Close
      </Button>
    </HStack>
  );
}

/** A studio page: the title (and 'How to use'), with the screen below; the spec's blocked dev-tools keys. */
export function StudioScreenFrame({ title, highlight, onTour, children }: Pick<StudioScreenProps, 'title' | 'highlight' | 'onTour'> & { children: ReactNode }) {
  useBlockDevTools();
  return (
    <PageSection maxW="7xl" py={{ base: 5, md: 10 }}>
      <HStack justify="space-between" align="center" gap="3" mb={{ base: 4, md: 6 }} flexWrap="wrap">
        <PageTitle title={title} highlight={highlight} fontSize={{ base: '2xl', md: '4xl' }} />
        {onTour && (
          <Button variant="outline" size="sm" onClick={onTour}>
            <InfoIcon />
            How to use
          </Button>
        )}
      </HStack>
      <StudioOfflineNote />
      <ShareNotice />
      {children}
    </PageSection>
  );
}

/** The frame of a generation screen (spec §2): title, 'How to use', notification bar, form and result. */
export function StudioScreen({ title, highlight, onTour, notice = null, onCloseNotice, form, result, capability, styleSwitch }: StudioScreenProps) {
  const unavailable = useCapabilityUnavailable(capability);
  return (
    <StudioScreenFrame title={title} highlight={highlight} onTour={onTour}>
      {unavailable && (
        <Box role="alert" rounded="xl" borderWidth="1px" borderColor="border.error" bg="bg.panel" px="4" py="3" mb="5" fontSize="sm">
          {CAPABILITY_UNAVAILABLE}
        </Box>
      )}
      <CharacterBar styleSwitch={styleSwitch} />
      <NotificationBar notice={notice} onClose={() => onCloseNotice?.()} />
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' }} gap={{ base: 5, md: 8 }} alignItems="start">
        <Stack gap="5" {...formCard}>
          <CapabilityUnavailable.Provider value={unavailable}>{form}</CapabilityUnavailable.Provider>
        </Stack>
        <Box>{result}</Box>
      </Grid>
    </StudioScreenFrame>
  );
}
