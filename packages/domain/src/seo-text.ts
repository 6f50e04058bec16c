// Texts for search results: a description shortened the way a person would shorten it.

/**
 * Folds whitespace and, when the text is longer than `max` characters, cuts it at the last sentence end that keeps
 * at least half of it, else at the last word boundary, adding «…»: never in the middle of a word.
 */
export function cutAtWord(text: string, max = 160): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(folded);
  if (chars.length <= max) return folded;
  const head = chars.slice(0, max).join('');
  const sentenceEnd = Math.max(head.lastIndexOf('. '), head.lastIndexOf('! '), head.lastIndexOf('? '));
  if (sentenceEnd >= max / 2) return head.slice(0, sentenceEnd + 1);
  // Room for the ellipsis, then back to the last space: the word that did not fit is left out whole.
  const room = chars.slice(0, max - 1).join('');
  const space = room.lastIndexOf(' ');
  const cut = (space > 0 ? room.slice(0, space) : room).replace(/[\s,;:—–-]+$/, '');
  return `${cut}…`;
}
