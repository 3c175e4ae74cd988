import { REGIONS } from '@radar/shared';
import italy from '@svg-maps/italy';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

interface SvgMap {
  viewBox: string;
  locations: readonly { id: string; name: string; path: string }[];
}

/** The map package's region ids and the ISTAT region codes the app uses. */
const ISTAT_OF: Record<string, number> = {
  piedmont: 1,
  'aosta-valley': 2,
  lombardy: 3,
  'trentino-south-tyrol': 4,
  veneto: 5,
  'friuli-venezia-giulia': 6,
  liguria: 7,
  'emilia-romagna': 8,
  tuscany: 9,
  umbria: 10,
  marche: 11,
  lazio: 12,
  abruzzo: 13,
  molise: 14,
  campania: 15,
  apulia: 16,
  basilicata: 17,
  calabria: 18,
  sicily: 19,
  sardinia: 20,
};

const map = italy as unknown as SvgMap;
const nameOf = new Map(REGIONS.map((r) => [r.id, r.name]));

/**
 * Italy's 20 regions as an SVG (geodata of @svg-maps/italy, no tiles), each shaded by its
 * count of active tournaments; a region is a button when `onSelect` is given. Load it through
 * `LazyItalyMap` so the paths come in their own chunk.
 */
export default function ItalyMap({
  counts,
  onSelect,
  selectedRegionId = null,
  className,
}: {
  counts: ReadonlyMap<number, number>;
  onSelect?: (regionId: number) => void;
  selectedRegionId?: number | null;
  className?: string;
}) {
  const { t } = useTranslation();
  const max = Math.max(1, ...counts.values());
  return (
    <figure aria-label={t('map.label')} className={cn('w-full max-w-md', className)}>
      <svg viewBox={map.viewBox} className="h-auto w-full">
        <title>{t('map.label')}</title>
        {map.locations.map((location) => {
          const regionId = ISTAT_OF[location.id];
          if (!regionId) return null;
          const count = counts.get(regionId) ?? 0;
          const name = nameOf.get(regionId) ?? location.name;
          const label = t('map.region', { region: name, count });
          const selected = selectedRegionId === regionId;
          return (
            <path
              key={location.id}
              d={location.path}
              data-region-id={regionId}
              aria-label={label}
              {...(onSelect
                ? {
                    role: 'button',
                    tabIndex: 0,
                    'aria-pressed': selected,
                    onClick: () => onSelect(regionId),
                    onKeyDown: (event: React.KeyboardEvent) => {
                      if (event.key === 'Enter' || event.key === ' ') {
                        event.preventDefault();
                        onSelect(regionId);
                      }
                    },
                  }
                : { role: 'img' })}
              style={
                count > 0
                  ? { fill: 'var(--color-primary)', fillOpacity: 0.2 + 0.8 * (count / max) }
                  : { fill: 'var(--color-muted)' }
              }
              className={cn(
                'stroke-surface stroke-[1.5] outline-none transition-[fill-opacity]',
                onSelect &&
                  'cursor-pointer hover:stroke-foreground focus-visible:stroke-foreground focus-visible:stroke-[3]',
                selected && 'stroke-foreground stroke-[3]',
              )}
            >
              <title>{label}</title>
            </path>
          );
        })}
      </svg>
    </figure>
  );
}
