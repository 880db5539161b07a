import { Box, CloseButton, Drawer, Flex, IconButton, Link, Portal } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { MenuIcon } from '../icons/StudioIcons';
import { Logo } from '../ui/Logo';
import { SIDEBAR_BOTTOM_ITEMS, SIDEBAR_MAIN_ITEMS } from './sidebarItems';
import { SidebarInstallItem } from './SidebarInstallItem';
import { SidebarNavList } from './SidebarNavList';
import { useSidebarNav } from './useSidebarNav';

/**
 * On phones (< 768px) the sidebar becomes this top bar, with a menu button opening a drawer; in a
 * narrow installed desktop window also the title bar (data-title-bar, index.html).
 */
export function StudioTopBar() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const { activePath, labelFor } = useSidebarNav();

  useEffect(() => setOpen(false), [pathname]);

  return (
    <Flex
      as="header"
      data-title-bar
      display={{ base: 'flex', md: 'none' }}
      position="sticky"
      top="0"
      zIndex="sticky"
      h="14"
      px="3"
      gap="2"
      align="center"
      bg="rgba(9, 9, 15, 0.82)"
      backdropFilter="saturate(160%) blur(14px)"
      borderBottomWidth="1px"
      borderColor="border.muted"
    >
      <Drawer.Root open={open} onOpenChange={(e) => setOpen(e.open)} placement="start">
        <Drawer.Trigger asChild>
          <IconButton variant="ghost" aria-label="Open menu" color="fg">
            <MenuIcon size="24" />
          </IconButton>
        </Drawer.Trigger>
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content bg="bg.subtle" maxW="300px">
              <Drawer.Header px="5" py="4" borderBottomWidth="1px" borderColor="border.muted">
                <Drawer.Title asChild>
                  <Box>
                    <Logo alt="Persona Studio menu" height="30px" />
                  </Box>
                </Drawer.Title>
              </Drawer.Header>
              <Drawer.Body px="3" py="4">
                <Flex as="nav" aria-label="Studio" direction="column" gap="4" minH="full">
                  <SidebarNavList items={SIDEBAR_MAIN_ITEMS} activePath={activePath} expanded />
                  <Box mt="auto" pt="3" borderTopWidth="1px" borderColor="border.muted">
                    <SidebarInstallItem expanded />
                    <SidebarNavList items={SIDEBAR_BOTTOM_ITEMS} activePath={activePath} expanded labelFor={labelFor} />
                  </Box>
                </Flex>
              </Drawer.Body>
              <Drawer.CloseTrigger asChild top="3" insetEnd="3">
                <CloseButton size="sm" aria-label="Close menu" color="fg.muted" />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
      <Link asChild rounded="l2">
        <RouterLink to="/face">
          <Logo alt="Persona Studio" height="26px" />
        </RouterLink>
      </Link>
    </Flex>
  );
}
