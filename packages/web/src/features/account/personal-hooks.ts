// What the forms of /my-personal share: the success notice and putting the saved user into the store.
import { useAppContext } from '../../app/app-context.tsx';
import type { SessionUser } from '../../app/app-state.ts';
import { readUserFromAnswer } from './account-api.ts';

export function useSuccess() {
  const { store } = useAppContext();
  return (title: string, text = '') => store.getState().showNotice({ type: 'success', title, text });
}

/** Puts what the server answered (or, failing that, what was sent) into the user of the store. */
export function useApplyUser() {
  const { store } = useAppContext();
  return (answer: unknown, fallback: Partial<SessionUser>) => {
    const user = readUserFromAnswer(answer);
    store.getState().updateUser(user && user.id === store.getState().user?.id ? user : fallback);
  };
}
