import { describeIssue } from '@radar/shared';
import type { FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { isApiClientError } from './api-client';
import { i18n } from './i18n';

/**
 * A react-hook-form resolver for a shared zod schema, whose messages are the spec §5 texts
 * in the current language (the same mapping the server uses for VALIDATION_ERROR).
 */
export function schemaResolver<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
): Resolver<z.input<Schema>, unknown, z.output<Schema>> {
  return async (values) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      const field = issue.path.join('.') || 'root';
      if (errors[field]) continue;
      const ref = describeIssue(issue, values);
      errors[field] = { type: issue.code, message: i18n.t(ref.key as never, ref.params ?? {}) as string };
    }
    return { values: {}, errors: errors as never };
  };
}

/**
 * Shows a VALIDATION_ERROR's per-field messages (already in the user's language) on the
 * form's fields. Returns whether the error was one.
 */
export function showServerFieldErrors<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  fields: readonly Path<Values>[],
): boolean {
  if (!isApiClientError(error) || error.code !== 'VALIDATION_ERROR') return false;
  const data = error.data as { fields?: Record<string, string[]> } | undefined;
  let shown = false;
  for (const field of fields) {
    const message = data?.fields?.[field]?.[0];
    if (message) {
      setError(field, { type: 'server', message });
      shown = true;
    }
  }
  return shown;
}
