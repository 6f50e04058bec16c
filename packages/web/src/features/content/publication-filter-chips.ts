// The chosen filters of an article or recipe list as chips above its cards (components/ui/list-summary.tsx).
import { DATE_PERIODS, DEFAULT_DATE_PERIOD } from '@efir/domain/catalog-constants';
import type { PublicationFilter } from '@efir/domain/catalog-wire';
import type { ActiveFilterChip } from '../../components/ui/list-summary.tsx';

/** The chosen filters as chips above the list, each removing itself: the period, then authors, then topics. */
export function activePublicationFilterChips(
  filter: PublicationFilter,
  authors: ReadonlyArray<{ id: number; name: string }>,
  tags: ReadonlyArray<{ id: number; name: string }>,
  applyFilter: (changes: Partial<PublicationFilter>) => void,
): ActiveFilterChip[] {
  const nameOf = (list: ReadonlyArray<{ id: number; name: string }>, id: number) =>
    list.find((item) => item.id === id)?.name;
  const chips: ActiveFilterChip[] = [];
  if (filter.date !== DEFAULT_DATE_PERIOD)
    chips.push({
      key: 'date',
      label: DATE_PERIODS[filter.date],
      remove: () => applyFilter({ date: DEFAULT_DATE_PERIOD }),
    });
  for (const id of filter.authors) {
    // A name not known yet (the options still loading) still shows that the list is narrowed.
    const label = nameOf(authors, id) ?? 'Выбранный автор';
    chips.push({
      key: `author:${id}`,
      label,
      remove: () => applyFilter({ authors: filter.authors.filter((item) => item !== id) }),
    });
  }
  for (const id of filter.tags) {
    const label = nameOf(tags, id) ?? 'Выбранная тема';
    chips.push({
      key: `tag:${id}`,
      label,
      remove: () => applyFilter({ tags: filter.tags.filter((item) => item !== id) }),
    });
  }
  return chips;
}
