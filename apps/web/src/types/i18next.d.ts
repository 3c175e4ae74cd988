import type { AppCatalogue } from '@/lib/i18n';

// Types every `t('…')` key against the catalogue: a missing key fails `tsc`.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: AppCatalogue };
  }
}
