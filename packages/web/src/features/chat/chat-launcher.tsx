// The chat widget's place in the layout: nothing for everyone but the one user the server allows (spec §6), and
// even the widget's code is fetched only for that user.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useAppState } from '../../lib/app-context.tsx';

const ChatWidget = lazy(() => import('./chat-widget.tsx').then((module) => ({ default: module.ChatWidget })));

export function ChatLauncher() {
  // GET /v1/user marks the allowed user with `chat: true`; guests and the server render have no user.
  const allowed = useAppState((state) => state.user?.chat === true);
  // Made in the browser after hydration, never in the server's HTML: a button rendered by the server before the
  // widget's code had arrived took clicks that did nothing (its boundary was not hydrated yet). Now the button is
  // there only once it works, and the server render does not wait for the widget's code.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!allowed || !hydrated) return null;
  return (
    <Suspense fallback={null}>
      <ChatWidget />
    </Suspense>
  );
}
