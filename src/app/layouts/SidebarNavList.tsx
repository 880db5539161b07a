import { Box, chakra, Flex } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { accentGradient } from '../../theme/accent';
import type { SidebarItem } from './sidebarItems';

interface SidebarNavListProps {
  items: readonly SidebarItem[];
  /** Path of the active item (gets aria-current="page"). */
  activePath: string | null;
  /** Labels shown (expanded) or clipped (collapsed rail); they stay the links' accessible names. */
  expanded: boolean;
  /** Overrides an item's label, e.g. Profile shows the user's name. */
  labelFor?: (item: SidebarItem) => string;
  onNavigate?: () => void;
}

/** A list of sidebar links: icon plus label, the active one marked with the accent. */
export function SidebarNavList({ items, activePath, expanded, labelFor, onNavigate }: SidebarNavListProps) {
  return (
    <chakra.ul listStyleType="none" display="flex" flexDirection="column" gap="1">
      {items.map((item) => {
        const active = item.path === activePath;
        const Icon = item.icon;
        return (
          <li key={item.path}>
            <Flex
              asChild
              position="relative"
              align="center"
              gap="3"
              h="11"
              px="3"
              rounded="l3"
              whiteSpace="nowrap"
              overflow="hidden"
              fontSize="sm"
              fontWeight={active ? 'semibold' : 'medium'}
              color={active ? 'fg' : 'fg.muted'}
              bg={active ? 'bg.muted' : 'transparent'}
              transition="background 0.15s, color 0.15s"
              _hover={{ bg: 'bg.muted', color: 'fg' }}
            >
              <RouterLink to={item.path} aria-current={active ? 'page' : undefined} onClick={onNavigate}>
                {active ? (
                  <Box position="absolute" left="0" top="2" bottom="2" w="3px" rounded="full" bgImage={accentGradient} />
                ) : null}
                <Flex as="span" flexShrink={0} w="6" justify="center" color={active ? 'brand.fg' : 'inherit'}>
                  <Icon size="22" />
                </Flex>
                <Box
                  as="span"
                  overflow="hidden"
                  textOverflow="ellipsis"
                  opacity={expanded ? 1 : 0}
                  transition="opacity 0.15s"
                >
                  {labelFor ? labelFor(item) : item.label}
                </Box>
              </RouterLink>
            </Flex>
          </li>
        );
      })}
    </chakra.ul>
  );
}
