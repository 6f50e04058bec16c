// The user's favourites (spec §4 toggle: an id present is removed, otherwise added) and waitlist, changed
// optimistically in the store and then set to the list the server answers.
import type { FavoritePathType } from '@efir/domain/account-schemas';
import type { FavoriteToggleAnswer, WaitlistChangedAnswer } from '@efir/domain/account-wire';
import type { AppStore, SessionUser } from './app-state.ts';
import type { HttpClient } from './http-client.ts';

export const FAVORITE_FIELDS = {
  product: 'favProducts',
  recept: 'favRecepts',
  menu: 'favArticles',
} as const satisfies Record<FavoritePathType, keyof SessionUser>;

/** Spec §4: an id already present is removed, otherwise added (at the end, as the server keeps them). */
export function toggleId(list: readonly number[], id: number): number[] {
  return list.includes(id) ? list.filter((item) => item !== id) : [...list, id];
}

/**
 * PUT /v1/user/favorite/{type} {id}. The store changes at once; the answer's `list` then wins; a failure puts the
 * list back as it was. Returns whether the id is in the list now.
 */
export async function toggleFavorite(
  api: HttpClient,
  store: AppStore,
  type: FavoritePathType,
  id: number,
): Promise<boolean> {
  const field = FAVORITE_FIELDS[type];
  const user = store.getState().user;
  if (!user) throw new Error('Favourites need a logged-in user');
  const before = user[field];
  const optimistic = toggleId(before, id);
  store.getState().updateUser({ [field]: optimistic });
  try {
    const { list } = await api.put<FavoriteToggleAnswer>(`/v1/user/favorite/${type}`, { body: { id } });
    store.getState().updateUser({ [field]: list });
    return list.includes(id);
  } catch (error) {
    // Only undo our own change: another toggle may have settled the list since.
    if (store.getState().user?.[field] === optimistic) store.getState().updateUser({ [field]: before });
    throw error;
  }
}

/** PUT (wait) or DELETE (stop waiting) /v1/user/waitlist/{id}, optimistic like the favourites. */
export async function setWaiting(
  api: HttpClient,
  store: AppStore,
  productId: number,
  wait: boolean,
): Promise<void> {
  const user = store.getState().user;
  if (!user) throw new Error('The waitlist needs a logged-in user');
  const before = user.waitlist;
  const optimistic = wait
    ? before.includes(productId)
      ? before
      : [...before, productId]
    : before.filter((id) => id !== productId);
  store.getState().updateUser({ waitlist: optimistic });
  try {
    const path = `/v1/user/waitlist/${productId}`;
    const answer = wait
      ? await api.put<WaitlistChangedAnswer>(path)
      : await api.delete<WaitlistChangedAnswer>(path);
    store.getState().updateUser({ waitlist: answer.waitlist });
  } catch (error) {
    if (store.getState().user?.waitlist === optimistic) store.getState().updateUser({ waitlist: before });
    throw error;
  }
}
