import type { CompetitionFile } from '@radar/shared';
import { describe, expect, it } from 'vitest';
import { currentOrdersOfPlay } from './competition-files';

const day = (date: string | null): CompetitionFile => ({
  kind: 'order_of_play',
  fileName: `odg_${date}.pdf`,
  title: `odg_${date}.pdf`,
  url: `/api/competitions/G/files/order_of_play/odg_${date}.pdf`,
  date,
  publishedAt: null,
});
const names = (files: CompetitionFile[]) => files.map((file) => file.date);

describe('currentOrdersOfPlay', () => {
  const files = ['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23'].map(day);

  it('shows today’s and the coming days first, the earlier days on demand', () => {
    const { current, earlier } = currentOrdersOfPlay(files, '2026-11-22');
    expect(names(current)).toEqual(['2026-11-22', '2026-11-23']);
    expect(names(earlier)).toEqual(['2026-11-20', '2026-11-21']);
  });

  it('before play, every day; after it, the last day (and an undated file stays in view)', () => {
    expect(currentOrdersOfPlay(files, '2026-11-01').earlier).toEqual([]);
    const after = currentOrdersOfPlay(files, '2026-12-01');
    expect(names(after.current)).toEqual(['2026-11-23']);
    expect(after.earlier).toHaveLength(3);
    expect(names(currentOrdersOfPlay([...files, day(null)], '2026-12-01').current)).toEqual([null]);
    expect(currentOrdersOfPlay([], '2026-12-01')).toEqual({ current: [], earlier: [] });
  });
});
