// Average rating as five stars, with the number of votes (plural forms by rule).
import { pluralize } from '@efir/domain/plural';

export function RatingStars({
  rating,
  votes,
  compact = false,
}: {
  rating: number;
  votes: number;
  compact?: boolean;
}) {
  const percent = Math.max(0, Math.min(100, (rating / 5) * 100));
  const label =
    votes > 0
      ? `Рейтинг ${rating.toLocaleString('ru-RU')} из 5, ${votes} ${pluralize(votes, ['оценка', 'оценки', 'оценок'])}`
      : 'Пока без оценок';
  return (
    <span className={compact ? 'rating rating--compact' : 'rating'} role="img" aria-label={label}>
      <span className="rating__stars" aria-hidden="true">
        <span className="rating__fill" style={{ width: `${percent}%` }} />
      </span>
      {!compact && votes > 0 && (
        <span className="rating__text" aria-hidden="true">
          {rating.toLocaleString('ru-RU')} · {votes}
        </span>
      )}
    </span>
  );
}
