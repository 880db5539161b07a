import { Link } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

interface ModeLinkProps {
  to: string;
  children: ReactNode;
  /** Runs instead of plain navigation (e.g. the login/signup toggle that also clears the session). */
  onNavigate?: () => void;
}

/** An in-panel link to another mode. */
export function ModeLink({ to, children, onNavigate }: ModeLinkProps) {
  return (
    <Link asChild color="brand.fg" fontWeight="semibold" _hover={{ color: 'brand.200', textDecoration: 'underline' }}>
      <RouterLink
        to={to}
        onClick={(e) => {
          if (!onNavigate) return;
          e.preventDefault();
          onNavigate();
        }}
      >
        {children}
      </RouterLink>
    </Link>
  );
}
