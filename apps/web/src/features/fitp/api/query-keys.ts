/** Cache keys of the federation card; everything under `fitpKeys.all`. */
export const fitpKeys = {
  all: ['fitp'] as const,
  data: () => [...fitpKeys.all, 'data'] as const,
  status: () => [...fitpKeys.all, 'status'] as const,
  sync: () => [...fitpKeys.all, 'sync'] as const,
};
