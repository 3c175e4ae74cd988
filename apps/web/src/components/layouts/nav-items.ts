import { Bell, Compass, Funnel, House, type LucideIcon, Settings, Sparkles, Trophy } from 'lucide-react';
import { paths } from '@/config/paths';

export interface NavItem {
  to: string;
  label:
    | 'nav.home'
    | 'nav.explore'
    | 'nav.subscriptions'
    | 'nav.filters'
    | 'nav.communication'
    | 'nav.settings'
    | 'nav.whatsnew';
  Icon: LucideIcon;
}

/** The signed-in app's sections, in menu order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: paths.home, label: 'nav.home', Icon: House },
  { to: paths.explore, label: 'nav.explore', Icon: Compass },
  { to: paths.subscriptions, label: 'nav.subscriptions', Icon: Trophy },
  { to: paths.filters, label: 'nav.filters', Icon: Funnel },
  { to: paths.communication, label: 'nav.communication', Icon: Bell },
  { to: paths.settings, label: 'nav.settings', Icon: Settings },
  { to: paths.whatsnew, label: 'nav.whatsnew', Icon: Sparkles },
];

/** A badge's count as the navigations show it: up to 99, then "99+". */
export const badgeText = (count: number): string => (count > 99 ? '99+' : String(count));
