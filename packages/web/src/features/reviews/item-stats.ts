// Live rating and comment numbers of a page (spec §4): a vote or a comment changes them for every piece that shows
// them (the stars, the vote widget, the comment count) without a reload. The page data stays the source: a change
// made here counts only while the page data it was made on is still what the page shows.
import { useSyncExternalStore } from 'react';

export interface RatingNumbers {
  avg_rating: number;
  votes_count: number;
}

interface Entry {
  rating?: { base: string; value: RatingNumbers };
  comments?: { base: number; value: number };
  own?: { userId: number; rating: number };
}

const entries = new Map<string, Entry>();
const listeners = new Set<() => void>();
let version = 0;

function keyOf(type: string, id: number): string {
  return `${type}:${id}`;
}

function ratingBase(page: RatingNumbers): string {
  return `${page.avg_rating}|${page.votes_count}`;
}

function change(type: string, id: number, update: (entry: Entry) => Entry): void {
  const key = keyOf(type, id);
  entries.set(key, update(entries.get(key) ?? {}));
  version += 1;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The average and the vote count now: the page data's, or a newer answer given on this very page data. */
export function readRating(type: string, id: number, page: RatingNumbers): RatingNumbers {
  const rating = entries.get(keyOf(type, id))?.rating;
  return rating && rating.base === ratingBase(page) ? rating.value : page;
}

/**
 * The visitor's own vote, 0 when none: the latest vote or look-up made for them here, else what their page data
 * says (`fromPage`: the page's userRating, given when the data was fetched with their token), else 0.
 */
export function readOwnRating(type: string, id: number, userId: number | null, fromPage = 0): number {
  if (userId === null) return 0;
  const own = entries.get(keyOf(type, id))?.own;
  return own?.userId === userId ? own.rating : fromPage;
}

export function readCommentCount(type: string, id: number, page: number): number {
  const comments = entries.get(keyOf(type, id))?.comments;
  return comments && comments.base === page ? comments.value : page;
}

/** Records the answer to a vote (or the look-up of one's own vote). */
export function recordRating(
  type: string,
  id: number,
  page: RatingNumbers,
  answer: RatingNumbers & { userRating: number },
  userId: number,
): void {
  change(type, id, (entry) => ({
    ...entry,
    rating: {
      base: ratingBase(page),
      value: { avg_rating: answer.avg_rating, votes_count: answer.votes_count },
    },
    own: { userId, rating: answer.userRating },
  }));
}

export function recordCommentCount(type: string, id: number, page: number, count: number): void {
  change(type, id, (entry) => ({ ...entry, comments: { base: page, value: count } }));
}

/** Re-renders the caller whenever any page's numbers change; the server render never sees a change. */
export function useItemStatsVersion(): number {
  return useSyncExternalStore(
    subscribe,
    () => version,
    () => 0,
  );
}
