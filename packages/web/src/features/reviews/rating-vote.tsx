// Rating of a product, recipe or article (spec §4): the average with its vote count, and five stars a logged-in
// visitor clicks to vote (again to change it); a guest is sent to /login and back. Numbers update without a reload.
import { formatCount, VOTE_FORMS } from '@efir/domain/plural';
import type { VoteType } from '@efir/domain/reviews-schemas';
import { useEffect, useState } from 'react';
import { RatingStars } from '../../components/ui/rating-stars.tsx';
import { useAppContext, useAppState } from '../../lib/app-context.tsx';
import { describeFailure } from '../../lib/failure-message.ts';
import { useSendToLogin, useSessionStatus } from '../../lib/use-session.ts';
import { readOwnRating, readRating, recordRating, useItemStatsVersion } from './item-stats.ts';
import { fetchOwnVote, sendVote } from './reviews-api.ts';
import './reviews.css';

const STARS = [1, 2, 3, 4, 5] as const;

export interface RatingProps {
  type: VoteType;
  id: number;
  /** From the page data (page.avg_rating, page.votes_count). */
  avgRating: number;
  votesCount: number;
  /** From the page data (page.userRating): the visitor's own vote when the data came with their token, else 0. */
  userRating?: number;
}

/** «4,3 из 5 · 3 оценки», or that nobody has voted yet. */
export function describeRating(average: number, votes: number): string {
  if (votes === 0) return 'Оценок пока нет';
  return `${average.toLocaleString('ru-RU')} из 5 · ${formatCount(votes, VOTE_FORMS)}`;
}

/** Stars with «4,3 из 5 · 3 оценки» beside them; the words say it all to a screen reader. */
function RatingSummaryView({ average, votes }: { average: number; votes: number }) {
  return (
    <span className="rating-summary">
      <span aria-hidden="true">
        <RatingStars rating={average} votes={votes} compact />
      </span>
      <span className="rating-summary__text">{describeRating(average, votes)}</span>
    </span>
  );
}

/** The page's average, following votes made on this page (for the page header). */
export function RatingSummary({ type, id, avgRating, votesCount }: RatingProps) {
  useItemStatsVersion();
  const rating = readRating(type, id, { avg_rating: avgRating, votes_count: votesCount });
  return <RatingSummaryView average={rating.avg_rating} votes={rating.votes_count} />;
}

export function RatingVote({
  type,
  id,
  avgRating,
  votesCount,
  userRating = 0,
  summary = true,
}: RatingProps & {
  /** Off where the page shows the average just above (RatingSummary), so it is not said twice. */
  summary?: boolean;
}) {
  const { api, store } = useAppContext();
  const status = useSessionStatus();
  const userId = useAppState((state) => state.user?.id ?? null);
  const sendToLogin = useSendToLogin();
  useItemStatsVersion();
  const page = { avg_rating: avgRating, votes_count: votesCount };
  const rating = readRating(type, id, page);
  const own = readOwnRating(type, id, userId, userRating);
  const [hover, setHover] = useState(0);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState('');

  // Page data rendered on the server never knows the visitor's own vote (and data fetched before a login neither):
  // ask for it once they are known.
  useEffect(() => {
    if (userId === null) return;
    const controller = new AbortController();
    fetchOwnVote(api, type, id, controller.signal)
      .then((answer) =>
        recordRating(type, id, { avg_rating: avgRating, votes_count: votesCount }, answer.resp, userId),
      )
      .catch(() => {});
    return () => controller.abort();
  }, [api, type, id, userId, avgRating, votesCount]);

  const choose = async (value: number) => {
    if (status !== 'user' || userId === null) {
      sendToLogin();
      return;
    }
    setBusy(true);
    setNote('');
    try {
      const answer = await sendVote(api, type, id, value);
      recordRating(type, id, page, answer.resp, userId);
      setNote(own > 0 ? 'Оценка изменена' : 'Спасибо, оценка учтена');
    } catch (error) {
      store
        .getState()
        .showNotice({ type: 'error', title: 'Не удалось сохранить оценку', text: describeFailure(error) });
    } finally {
      setBusy(false);
    }
  };

  const shown = hover || own;
  const prompt =
    status === 'guest'
      ? 'Войдите, чтобы поставить оценку'
      : own > 0
        ? `Ваша оценка: ${own} из 5`
        : 'Оцените — нажмите на звезду';

  return (
    <div className={summary ? 'rating-vote' : 'rating-vote rating-vote--inline'}>
      {summary && (
        <p className="rating-vote__summary">
          <RatingSummaryView average={rating.avg_rating} votes={rating.votes_count} />
        </p>
      )}
      <fieldset className="rating-vote__stars" onMouseLeave={() => setHover(0)}>
        <legend className="visually-hidden">{own > 0 ? `Ваша оценка: ${own} из 5` : 'Ваша оценка'}</legend>
        {STARS.map((value) => (
          <button
            key={value}
            type="button"
            className={value <= shown ? 'rating-vote__star rating-vote__star--on' : 'rating-vote__star'}
            aria-label={`Оценить на ${value} из 5`}
            aria-pressed={own === value}
            title={status === 'guest' ? 'Войдите, чтобы поставить оценку' : `${value} из 5`}
            disabled={busy || status === 'pending'}
            onMouseEnter={() => setHover(value)}
            onFocus={() => setHover(value)}
            onBlur={() => setHover(0)}
            onClick={() => void choose(value)}
          >
            <span aria-hidden="true">★</span>
          </button>
        ))}
      </fieldset>
      <p className="rating-vote__note" role="status">
        {note || prompt}
      </p>
    </div>
  );
}
