import { Box, chakra, Flex, type HTMLChakraProps } from '@chakra-ui/react';
import type { ComponentType } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { accentGradient } from '../../theme/accent';
import type { IconProps } from '../icons/SvgIcon';
import type { SidebarItem } from './sidebarItems';

/** The look every sidebar row shares, its links and the install button. */
export const SIDEBAR_ROW_STYLE = {
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  h: '11',
  px: '3',
  rounded: 'l3',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  fontSize: 'sm',
  transition: 'background 0.15s, color 0.15s',
  _hover: { bg: 'bg.muted', color: 'fg' },
} satisfies HTMLChakraProps<'a'>;

interface SidebarRowContentProps {
  icon: ComponentType<IconProps>;
  label: string;
  expanded: boolean;
  iconColor?: string;
}

/** A row's icon, then its label: shown expanded, clipped on the collapsed rail (still its accessible name). */
export function SidebarRowContent({ icon: Icon, label, expanded, iconColor = 'inherit' }: SidebarRowContentProps) {
  return (
    <>
      <Flex as="span" flexShrink={0} w="6" justify="center" color={iconColor}>
        <Icon size="22" />
      </Flex>
      <Box as="span" overflow="hidden" textOverflow="ellipsis" opacity={expanded ? 1 : 0} transition="opacity 0.15s">
        {label}
      </Box>
    </>
  );
}

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
        return (
          <li key={item.path}>
            <Box
              asChild
              {...SIDEBAR_ROW_STYLE}
              fontWeight={active ? 'semibold' : 'medium'}
              color={active ? 'fg' : 'fg.muted'}
              bg={active ? 'bg.muted' : 'transparent'}
            >
              <RouterLink to={item.path} aria-current={active ? 'page' : undefined} onClick={onNavigate}>
                {active ? (
                  <Box position="absolute" left="0" top="2" bottom="2" w="3px" rounded="full" bgImage={accentGradient} />
                ) : null}
                <SidebarRowContent
                  icon={item.icon}
                  label={labelFor ? labelFor(item) : item.label}
                  expanded={expanded}
                  iconColor={active ? 'brand.fg' : undefined}
                />
              </RouterLink>
            </Box>
          </li>
        );
      })}
    </chakra.ul>
  );
}
