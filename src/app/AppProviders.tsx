import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { getSystem } from '../theme/system';

let providerSystem: SystemContext | undefined;

/**
 * The system as ChakraProvider sees it: without its global styles, which the build writes into
 * a stylesheet (scripts/build/chakraCss.ts, imported by main.tsx), so the page never serialises
 * and inserts them at start-up. Components still get the full system (tokens, recipes, css).
 */
function systemWithoutGlobalStyles(): SystemContext {
  const system = getSystem();
  providerSystem ??= { ...system, _config: { ...system._config, disableLayers: true }, _global: [] };
  return providerSystem;
}

/** App-wide providers. Stores are zustand hooks and need no provider. */
export function AppProviders({ children }: { children: ReactNode }) {
  return <ChakraProvider value={systemWithoutGlobalStyles()}>{children}</ChakraProvider>;
}
