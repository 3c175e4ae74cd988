import { AuthScreen } from '@/features/auth/components/auth-screen';

/** `/auth/login` (signed out only). */
export function LoginRoute() {
  return <AuthScreen mode="login" />;
}

/** `/auth/register` (signed out only). */
export function RegisterRoute() {
  return <AuthScreen mode="register" />;
}
