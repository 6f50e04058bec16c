// What app/ hands a product, recipe or article page from the reviews feature (features/reviews/review-slots.tsx):
// the page places the slots; the two features never import each other.
import type { ReactNode } from 'react';

export interface ReviewSlots {
  /** The average as stars and words («4 из 5 · 1 оценка»), for the page header; follows votes made on the page. */
  stars: ReactNode;
  /** The average, the count and the five stars to vote with. */
  vote: ReactNode;
  /** Only the five stars to vote with, for a page that shows `stars` right above them. */
  voteButtons: ReactNode;
  /** «3 отзыва» / «3 комментария», following comments posted on the page. */
  count: ReactNode;
  /** The comment threads with the form. */
  comments: ReactNode;
}
