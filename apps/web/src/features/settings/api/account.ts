import type { ChangePasswordBody, DeleteAccountBody } from '@radar/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient, request } from '@/lib/api-client';

/** POST /api/profile/change-password: ends the other sessions too. */
export const changePassword = (body: ChangePasswordBody) =>
  apiClient.post<Record<string, never>>('/profile/change-password', body);

/** POST /api/profile/logout-all: every session ends, this one included. */
export const logoutEverywhere = () => apiClient.post<Record<string, never>>('/profile/logout-all');

/** DELETE /api/profile with the typed confirmation word: the account and all its data go. */
export const deleteAccount = (body: DeleteAccountBody) =>
  request<Record<string, never>>('DELETE', '/profile', { body });

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

export function useLogoutEverywhere() {
  return useMutation({ mutationFn: logoutEverywhere });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
