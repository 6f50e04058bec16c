// The chat widget's place in the layout: nothing for everyone but the one user the server allows (spec §6), and
// even the widget's code is fetched only for that user.
import { lazy, Suspense } from 'react';
import { useAppState } from '../../lib/app-context.tsx';

const ChatWidget = lazy(() => import('./chat-widget.tsx').then((module) => ({ default: module.ChatWidget })));

export function ChatLauncher() {
  // GET /v1/user marks the allowed user with `chat: true`; guests and the server render have no user.
  const allowed = useAppState((state) => state.user?.chat === true);
  if (!allowed) return null;
  return (
    <Suspense fallback={null}>
      <ChatWidget />
    </Suspense>
  );
}
