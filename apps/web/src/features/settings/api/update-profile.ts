import type { UpdateProfileBody, User } from '@radar/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-provider';
import { setLanguage } from '@/lib/i18n';
import { profileKey } from '@/lib/query-keys';

/** PUT /api/profile: preferred language and email notifications. */
export const updateProfile = (body: UpdateProfileBody) => apiClient.put<User>('/profile', body);

/** Saves the profile; the interface follows the preferred language. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  const { setUser } = useAuth();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (user) => {
      queryClient.setQueryData(profileKey, user);
      setUser(user);
      await setLanguage(user.language);
    },
  });
}
