import { useLocation } from 'react-router-dom';
import { PageSection } from '../../app/ui/PageSection';
import { PageTitle } from '../../app/ui/PageTitle';

/** The login panel's modes reachable by path; 'Set New Password' follows a verified reset OTP. */
export type LoginMode = 'login' | 'signup' | 'forgot' | 'otp' | 'newPassword';

const MODE_BY_PATH: Record<string, LoginMode> = {
  '/login': 'login',
  '/signup': 'signup',
  '/forgot': 'forgot',
  '/otpverification': 'otp',
};

export const LOGIN_MODE_TITLES: Record<LoginMode, string> = {
  login: 'Login',
  signup: 'Create an Account',
  forgot: 'Reset Password',
  otp: 'Verify your Email',
  newPassword: 'Set New Password',
};

export function loginModeFromPath(pathname: string): LoginMode {
  return MODE_BY_PATH[pathname.toLowerCase()] ?? 'login';
}

/** /login, /signup, /forgot, /otpverification: one page whose mode comes from the path. */
export default function LoginPage() {
  const { pathname } = useLocation();
  const mode = loginModeFromPath(pathname);
  return (
    <PageSection maxW="md" textAlign="center">
      <PageTitle title={LOGIN_MODE_TITLES[mode]} />
    </PageSection>
  );
}
