// The frame of every page: top bar, header, main menu, the page, footer, loader, popups and the mobile menu.
import './layout.css';
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { ChatLauncher } from '../../features/chat/chat-launcher.tsx';
import { DeferredFooter } from './deferred-footer.tsx';
import { GlobalLoader } from './global-loader.tsx';
import { MainMenu } from './main-menu.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { NoticePopup } from './notice-popup.tsx';
import { SiteHeader } from './site-header.tsx';
import { SiteTop } from './site-top.tsx';
import { TopBar } from './top-bar.tsx';

/** New pages open at the top; back/forward keeps the browser's own position. */
function useScrollToTopOnNavigation() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is exactly what triggers the scroll
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}

export function RootLayout() {
  useScrollToTopOnNavigation();
  return (
    <>
      <GlobalLoader />
      <a href="#main" className="skip-link">
        Перейти к содержимому
      </a>
      <SiteTop>
        <TopBar />
        <SiteHeader />
        <MainMenu />
      </SiteTop>
      <main id="main" className="site-main">
        <Outlet />
      </main>
      <DeferredFooter />
      <MobileMenu />
      <NoticePopup />
      <ChatLauncher />
    </>
  );
}
