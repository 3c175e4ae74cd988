/** Cache keys of the user's saved filters (shared by the filters screen, explore and the dashboard). */
export const filterKeys = {
  all: ['filters'] as const,
  list: () => [...filterKeys.all, 'list'] as const,
};
