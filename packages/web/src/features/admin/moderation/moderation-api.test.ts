// The words of the moderation counts: Russian plural forms by rule, and nothing said about an empty queue.
import { describe, expect, it } from 'vitest';
import { describeWaiting } from './moderation-api.ts';

describe('describeWaiting', () => {
  it('names each waiting queue with the right plural form', () => {
    expect(describeWaiting({ reviews: 1, comments: 2, questions: 5 })).toBe(
      'Ждут решения: 1 отзыв · 2 комментария · 5 вопросов',
    );
    expect(describeWaiting({ reviews: 21, comments: 11, questions: 3 })).toBe(
      'Ждут решения: 21 отзыв · 11 комментариев · 3 вопроса',
    );
  });

  it('leaves out empty queues and says when everything is done', () => {
    expect(describeWaiting({ reviews: 0, comments: 0, questions: 104 })).toBe('Ждут решения: 104 вопроса');
    expect(describeWaiting({ reviews: 0, comments: 0, questions: 0 })).toBe('Всё проверено');
  });
});
