import type { ReportMismatchBody } from '@radar/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** `POST /api/fitp/report-mismatch`: "this data is wrong", to the team. */
export const reportMismatch = (body: ReportMismatchBody) =>
  apiClient.post<{ code: string; message: string }>('/fitp/report-mismatch', body);

export function useReportMismatch() {
  return useMutation({ mutationFn: reportMismatch });
}
