import { paths } from '@/config/paths';

/** The screens reached with `g` then a letter. */
export const GO_TO = [
  { keys: 'g>h', label: 'nav.home', to: paths.home },
  { keys: 'g>e', label: 'nav.explore', to: paths.explore },
  { keys: 'g>t', label: 'nav.subscriptions', to: paths.subscriptions },
  { keys: 'g>f', label: 'nav.filters', to: paths.filters },
  { keys: 'g>n', label: 'nav.communication', to: paths.communication },
  { keys: 'g>s', label: 'nav.settings', to: paths.settings },
  { keys: 'g>w', label: 'nav.whatsnew', to: paths.whatsnew },
] as const;
