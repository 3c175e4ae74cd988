import type { ContactBodyInput, SuccessMessage } from '@radar/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** `POST /api/contact` (spec §7 "contact message send"). */
export function useSendContact() {
  return useMutation({
    mutationFn: (body: ContactBodyInput) => apiClient.post<SuccessMessage>('/contact', body),
  });
}
