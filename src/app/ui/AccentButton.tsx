import { Button, type ButtonProps } from '@chakra-ui/react';
import { Link as RouterLink, type LinkProps } from 'react-router-dom';
import { accentButtonStyle } from '../../theme/accent';

/** The primary action button (gradient fill). */
export function AccentButton(props: ButtonProps) {
  return <Button css={accentButtonStyle} {...props} />;
}

type AccentLinkProps = Omit<ButtonProps, 'asChild'> & Pick<LinkProps, 'to' | 'state' | 'replace'>;

/** A router link that looks like the primary action. */
export function AccentLinkButton({ to, state, replace, children, ...rest }: AccentLinkProps) {
  return (
    <Button asChild css={accentButtonStyle} {...rest}>
      <RouterLink to={to} state={state} replace={replace}>
        {children}
      </RouterLink>
    </Button>
  );
}
