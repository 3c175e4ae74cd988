import { CAT_ETA_VALUES, type Language, TIPI_TORNEO } from '@radar/shared';
import type { TFunction } from 'i18next';
import { formatEuro } from './format';

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

/**
 * A draw's name in the interface's language: the federation's own words in Italian ("Singolare
 * Maschile 4a categoria"); in English its label from the draw's type, class and age
 * ("Men's singles · Category 4 · Open"), the federation's words only when the type is unknown.
 */
export function drawName(t: TFunction, language: Language, draw: Draw & { description: string }): string {
  if (language === 'it' || !draw.type) return draw.description;
  return drawLabel(t, draw);
}

/**
 * A draw section's title: the federation's words without their code (`SM4_Tabellone finale` →
 * "Tabellone finale"); the stage by name in the interface's language ("Main draw", "Qualifying
 * draw 4.6-3.5"), the federation's words as they are when the stage is not one of the three.
 */
export function sectionTitle(t: TFunction, title: string): string {
  const words = title.replace(/^[A-Z0-9]+_\s*/, '').trim() || title.trim();
  const stage = /^tabellone\s+(finale|iniziale|intermedio)\b\s*(.*)$/i.exec(words);
  if (!stage) return words;
  const name = stage[1]?.toLowerCase() as 'finale' | 'iniziale' | 'intermedio';
  return [t(`competition.draws.stage.${name}`), stage[2]?.trim()].filter(Boolean).join(' ');
}

export function sourceLabel(t: TFunction, codFonte: number | null, fallback: string | null): string {
  if (codFonte === 1 || codFonte === 2 || codFonte === 3) return t(`competitions.source.${codFonte}`);
  return fallback ?? t('competitions.unknown');
}

/** A prize band of spec §9 (`Da 500 a 1.000 €`), its amounts written by the one formatter. */
export function prizeBandLabel(
  t: TFunction,
  band: 500 | 1000 | 1001 | '500' | '1000' | '1001' | 'none',
  language: Language,
): string {
  const value = String(band);
  if (value === 'none') return t('competitions.prize.none');
  if (value === '500') return t('competitions.prize.500', { max: formatEuro(500, language) });
  if (value === '1000')
    return t('competitions.prize.1000', { min: formatEuro(500, language), max: formatEuro(1000, language) });
  return t('competitions.prize.1001', { min: formatEuro(1000, language) });
}
