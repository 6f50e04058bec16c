// What the forms of /my-personal share: the success notice and putting the saved user into the store.
import type { UserChangedAnswer } from '@efir/domain/account-wire';
import { useAppContext } from '../../lib/app-context.tsx';

export function useSuccess() {
  const { store } = useAppContext();
  return (title: string, text = '') => store.getState().showNotice({ type: 'success', title, text });
}

/** Puts the user the server answered with into the store (unless another user has signed in meanwhile). */
export function useApplyUser() {
  const { store } = useAppContext();
  return ({ user }: UserChangedAnswer) => {
    if (user.id === store.getState().user?.id) store.getState().updateUser(user);
  };
}
