import { CAT_ETA_VALUES, TIPI_TORNEO } from '@radar/shared';
import type { TFunction } from 'i18next';

interface Draw {
  type: string | null;
  categoryClass: number | null;
  ageCategory: string | null;
}

/** `Singolare maschile · 4ª categoria · Open`: what a draw is, in the interface's language. */
export function drawLabel(t: TFunction, draw: Draw): string {
  const parts: string[] = [];
  if (draw.type) {
    parts.push(
      (TIPI_TORNEO as readonly string[]).includes(draw.type)
        ? t(`competitions.drawType.${draw.type as (typeof TIPI_TORNEO)[number]}`)
        : draw.type,
    );
  }
  if (draw.categoryClass) parts.push(t('competitions.categoryClass', { count: draw.categoryClass }));
  if (draw.ageCategory) {
    parts.push(
      (CAT_ETA_VALUES as readonly string[]).includes(draw.ageCategory)
        ? t(`competitions.ageCategory.${draw.ageCategory as (typeof CAT_ETA_VALUES)[number]}`)
        : draw.ageCategory,
    );
  }
  return parts.join(' · ');
}

export function sourceLabel(t: TFunction, codFonte: number | null, fallback: string | null): string {
  if (codFonte === 1 || codFonte === 2 || codFonte === 3) return t(`competitions.source.${codFonte}`);
  return fallback ?? t('competitions.unknown');
}
