import { Box, Flex, IconButton, Link } from '@chakra-ui/react';
import { useState, type FocusEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useSidebarStore } from '../../stores/sidebarStore';
import { PanelIcon } from '../icons/StudioIcons';
import { Logo } from '../ui/Logo';
import { SIDEBAR_BOTTOM_ITEMS, SIDEBAR_MAIN_ITEMS } from './sidebarItems';
import { SidebarInstallItem } from './SidebarInstallItem';
import { SidebarNavList } from './SidebarNavList';
import { useSidebarNav } from './useSidebarNav';

export const SIDEBAR_COLLAPSED_WIDTH = '76px';
export const SIDEBAR_EXPANDED_WIDTH = '248px';
const SIDEBAR_ID = 'studio-sidebar';

/**
 * The signed-in sidebar for tablets and desktops: a collapsed icon rail that expands while
 * hovered or focused, and stays expanded when pinned with the toggle button.
 */
export function StudioSidebar() {
  const { pinned, togglePinned } = useSidebarStore();
  const { activePath, labelFor } = useSidebarNav();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const expanded = pinned || hovered || focused;

  const onBlur = (e: FocusEvent<HTMLElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <Box
      as="aside"
      id={SIDEBAR_ID}
      display={{ base: 'none', md: 'flex' }}
      flexDirection="column"
      position="fixed"
      insetY="0"
      left="0"
      zIndex="overlay"
      w={expanded ? SIDEBAR_EXPANDED_WIDTH : SIDEBAR_COLLAPSED_WIDTH}
      transition="width 0.2s ease, box-shadow 0.2s"
      bg="bg.subtle"
      borderRightWidth="1px"
      borderColor="border.muted"
      overflowX="hidden"
      overflowY="auto"
      boxShadow={expanded && !pinned ? '16px 0 40px -12px rgba(0, 0, 0, 0.6)' : 'none'}
      data-expanded={expanded ? '' : undefined}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      {/* In the installed desktop app, the strip under the window's title bar (index.html). */}
      <Flex data-title-bar h="16" align="center" px="5" flexShrink={0}>
        {/* The wordmark starts with the mark, so the collapsed rail clips it down to the mark. */}
        <Link asChild rounded="l2" flexShrink={0} overflow="hidden" w={expanded ? '210px' : '36px'} transition="width 0.2s ease">
          <RouterLink to="/face">
            <Logo alt="Persona Studio" height="36px" maxW="none" />
          </RouterLink>
        </Link>
      </Flex>

      <Flex as="nav" aria-label="Studio" direction="column" flex="1" px="3" pt="4" pb="3" gap="4">
        <SidebarNavList items={SIDEBAR_MAIN_ITEMS} activePath={activePath} expanded={expanded} />
        <Box mt="auto" pt="3" borderTopWidth="1px" borderColor="border.muted">
          <SidebarInstallItem expanded={expanded} />
          <SidebarNavList
            items={SIDEBAR_BOTTOM_ITEMS}
            activePath={activePath}
            expanded={expanded}
            labelFor={labelFor}
          />
        </Box>
      </Flex>

      <Flex px="3" pb="4" flexShrink={0}>
        <IconButton
          variant="ghost"
          color="fg.muted"
          _hover={{ color: 'fg', bg: 'bg.muted' }}
          aria-label={pinned ? 'Collapse sidebar' : 'Expand sidebar'}
          title={pinned ? 'Collapse sidebar' : 'Keep sidebar expanded'}
          aria-expanded={pinned}
          aria-controls={SIDEBAR_ID}
          onClick={togglePinned}
          w="12"
        >
          <PanelIcon open={pinned} size="22" />
        </IconButton>
      </Flex>
    </Box>
  );
}
