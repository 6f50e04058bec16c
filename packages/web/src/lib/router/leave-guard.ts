// «Leave the page and lose what you typed?» (issue 39 point 6): a form with unsaved changes registers a guard; the
// router asks every guard before it navigates (a link, «← Все товары», Back), and the browser asks on a reload or a
// closed tab. One question per navigation, in the browser's own confirm dialog.

type Guard = () => string | null;

const guards = new Set<Guard>();

/** While registered, `guard` says what would be lost (the question to ask), or null when nothing would. */
export function registerLeaveGuard(guard: Guard): () => void {
  guards.add(guard);
  return () => guards.delete(guard);
}

/** Whether the page may be left: true when no guard has something to lose, or the person agreed to lose it. */
export function mayLeave(): boolean {
  for (const guard of guards) {
    const question = guard();
    if (question !== null) return typeof window === 'undefined' || window.confirm(question);
  }
  return true;
}
