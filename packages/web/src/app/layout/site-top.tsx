// The top of every page (top bar, header, main menu). Below 960 px it stays at the top of the screen while the
// visitor scrolls up and slides away while they scroll down, so the page has the screen and the cart, the menu and
// the search are one flick up away.
import { type ReactNode, useEffect, useRef } from 'react';

/** Phone and tablet widths, where the compact header sticks (layout.css: .site-top). */
const STICKY_QUERY = '(max-width: 959px)';
/** Scrolls shorter than this (a jittery finger) change nothing. */
const SCROLL_SLACK_PX = 6;

export function SiteTop({ children }: { children: ReactNode }) {
  const top = useRef<HTMLElement>(null);

  useEffect(() => {
    const element = top.current;
    if (!element) return;
    const sticky = window.matchMedia(STICKY_QUERY);
    let lastY = window.scrollY;
    const show = (shown: boolean) => {
      if (shown) element.removeAttribute('data-hidden');
      else element.setAttribute('data-hidden', '');
    };
    const onScroll = () => {
      const y = window.scrollY;
      if (Math.abs(y - lastY) < SCROLL_SLACK_PX) return;
      const down = y > lastY;
      lastY = y;
      // Kept while the visitor types in its search box, and near the page's top.
      const active = document.activeElement;
      const typing = active instanceof HTMLInputElement && element.contains(active);
      show(!sticky.matches || !down || typing || y <= element.offsetHeight);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  // The page's banner landmark: the top bar, the header and the main menu all belong to it.
  return (
    <header ref={top} className="site-top">
      {children}
    </header>
  );
}
