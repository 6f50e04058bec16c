// «3 комментария» for a page's header: apart from the comments section, whose code (the form, its schema, the
// editor) loads after the page is shown.
import { COMMENT_FORMS, formatCount, type PluralForms } from '@efir/domain/plural';
import type { VoteType } from '@efir/domain/reviews-schemas';
import { readCommentCount, useItemStatsVersion } from './item-stats.ts';

/** The comments section's element id: the count links to it, and its code loads when it nears the screen. */
export const COMMENTS_SECTION_ID = 'comments';

export interface CommentCountProps {
  type: VoteType;
  id: number;
  /** From the page data (com_data.comments_count). */
  count: number;
  /** «отзыв/отзыва/отзывов» on product pages, comments elsewhere. */
  forms?: PluralForms;
  empty?: string;
}

/** «3 комментария», following comments posted on this page. */
export function CommentCount({
  type,
  id,
  count,
  forms = COMMENT_FORMS,
  empty = 'Комментариев пока нет',
}: CommentCountProps) {
  useItemStatsVersion();
  const total = readCommentCount(type, id, count);
  return <>{total > 0 ? formatCount(total, forms) : empty}</>;
}
