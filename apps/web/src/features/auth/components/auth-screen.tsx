import { AUTH_LINK_ERRORS, type AuthLinkError } from '@radar/shared';
import { useTranslation } from 'react-i18next';
import { NavLink, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { paths, withQuery } from '@/config/paths';
import { cn } from '@/lib/utils';
import { AuthShell } from './auth-shell';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import { SocialSignIn } from './social-sign-in';

const isAuthLinkError = (value: string): value is AuthLinkError =>
  (AUTH_LINK_ERRORS as readonly string[]).includes(value);

/** Sign in and registration are one screen with two tabs; the redirect target is kept across both. */
export function AuthScreen({ mode }: { mode: 'login' | 'register' }) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect');
  const linkError = searchParams.get('error');

  const tabClassName = ({ isActive }: { isActive: boolean }) =>
    cn(
      'flex-1 rounded-lg px-3 py-2 text-center text-sm font-medium transition-colors',
      'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
      isActive ? 'bg-surface text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
    );

  return (
    <AuthShell
      title={mode === 'login' ? t('auth.loginTitle') : t('auth.registerTitle')}
      description={mode === 'login' ? t('auth.loginDescription') : t('auth.registerDescription')}
      above={
        <nav aria-label={t('auth.tabs.label')} className="flex gap-1 rounded-xl bg-muted p-1">
          <NavLink to={withQuery(paths.login, { redirect })} className={tabClassName} replace>
            {t('auth.tabs.login')}
          </NavLink>
          <NavLink to={withQuery(paths.register, { redirect })} className={tabClassName} replace>
            {t('auth.tabs.register')}
          </NavLink>
        </nav>
      }
    >
      {linkError !== null && (
        <Alert variant="error">
          {t(`auth.linkErrors.${isAuthLinkError(linkError) ? linkError : 'unknown_error'}`)}
        </Alert>
      )}
      <SocialSignIn redirect={redirect} />
      {mode === 'login' ? (
        <LoginForm redirect={redirect} defaultEmail={searchParams.get('email') ?? ''} />
      ) : (
        <RegisterForm redirect={redirect} />
      )}
    </AuthShell>
  );
}
