// Slider rules of spec §2/§9: audience, 5 s auto-advance checked every 100 ms, 10 px swipe, 500 ms tap, images.
import { renderToString } from 'react-dom/server';
import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type AppContextValue, AppProvider } from '../../lib/app-context.tsx';
import { createAppStore, EMPTY_CART, EMPTY_CRITICAL, type Slide } from '../../lib/app-state.ts';
import { createRouter } from '../../lib/router/router.ts';
import { RouterView } from '../../lib/router/router-view.tsx';
import {
  classifyGesture,
  detectSwipe,
  HomeSlider,
  SLIDE_INTERVAL_MS,
  SLIDER_TICK_MS,
  selectSlides,
  slideSources,
  TAP_MAX_MS,
  tickAutoplay,
  wrapIndex,
} from './home-slider.tsx';

function slide(id: number, show: Slide['show']): Slide {
  return {
    id,
    show,
    name: `Слайд ${id}`,
    link: `/slide-${id}`,
    color: '#eeeeee',
    img: { filename: `slides/s${id}.jpg`, basename: `slides/s${id}` },
  };
}

describe('selectSlides', () => {
  const slides = [slide(1, 'all'), slide(2, 'guest'), slide(3, 'reg'), slide(4, 'all')];

  it('shows a guest the slides for everyone and for guests, in order', () => {
    expect(selectSlides(slides, false).map((item) => item.id)).toEqual([1, 2, 4]);
  });

  it('shows a logged-in user the slides for everyone and for registered users', () => {
    expect(selectSlides(slides, true).map((item) => item.id)).toEqual([1, 3, 4]);
  });
});

describe('slideSources', () => {
  it('builds the mobile crop, the wide WebP and the original from the image names', () => {
    expect(slideSources({ filename: 'slides/lavender.jpg', basename: 'slides/lavender' })).toEqual({
      mobile: '/images/slides/lavender-mobile.webp',
      wide: '/images/slides/lavender.webp',
      fallback: '/images/slides/lavender.jpg',
    });
  });
});

/** The slider as the server renders it on the home page of a guest. */
function renderSlider(slides: Slide[]): string {
  const context: AppContextValue = {
    api: {} as AppContextValue['api'],
    store: createAppStore({
      user: null,
      cart: EMPTY_CART,
      critical: { ...EMPTY_CRITICAL, slider: slides },
    }),
    origin: 'https://efir.test',
    isServer: true,
    getCurrentUrl: () => null,
  };
  const router = createRouter(
    [{ id: 'home', path: '/', Component: HomeSlider }],
    createMemoryHistory({ initialEntries: ['/'] }),
    { loaderData: { home: null }, errors: null },
  );
  return renderToString(
    <AppProvider value={context}>
      <RouterView router={router} />
    </AppProvider>,
  );
}

describe('slide pictures (spec §9: 960 px and 724 px)', () => {
  it('shows the mobile crop up to 724 px and the wide picture up to 960 px and beyond', () => {
    const html = renderSlider([slide(1, 'all')]);
    const sources = [...html.matchAll(/<source ([^>]*)>/g)].map(([, attributes]) => attributes);
    expect(sources).toHaveLength(3);
    expect(sources[0]).toContain('media="(max-width: 724px)"');
    expect(sources[0]).toContain('srcSet="/images/slides/s1-mobile.webp"');
    expect(sources[1]).toContain('media="(max-width: 960px)"');
    expect(sources[1]).toContain('srcSet="/images/slides/s1.webp"');
    expect(sources[2]).not.toContain('media=');
    expect(sources[2]).toContain('srcSet="/images/slides/s1.webp"');
    expect(html).toContain('src="/images/slides/s1.jpg"');
  });
});

describe('tickAutoplay', () => {
  function ticksUntilAdvance(paused: (tick: number) => boolean = () => false): number {
    let elapsed = 0;
    for (let tick = 1; tick <= 1000; tick++) {
      const result = tickAutoplay(elapsed, SLIDER_TICK_MS, paused(tick));
      if (result.advance) return tick;
      elapsed = result.elapsedMs;
    }
    throw new Error('never advanced');
  }

  it('advances after 5 s of 100 ms ticks, not one tick earlier', () => {
    expect(SLIDE_INTERVAL_MS).toBe(5000);
    expect(SLIDER_TICK_MS).toBe(100);
    expect(ticksUntilAdvance()).toBe(50);
  });

  it('starts counting again after advancing', () => {
    expect(tickAutoplay(4900, 100, false)).toEqual({ elapsedMs: 0, advance: true });
    expect(tickAutoplay(0, 100, false)).toEqual({ elapsedMs: 100, advance: false });
  });

  it('does not count time while paused (pointer down, tab hidden)', () => {
    expect(tickAutoplay(4900, 100, true)).toEqual({ elapsedMs: 4900, advance: false });
    // 20 paused ticks in the middle delay the advance by exactly 20 ticks.
    expect(ticksUntilAdvance((tick) => tick > 10 && tick <= 30)).toBe(70);
  });

  it('counts a late tick of a throttled tab as at most one second, so no slide is skipped', () => {
    expect(tickAutoplay(0, 60_000, false)).toEqual({ elapsedMs: 1000, advance: false });
    expect(tickAutoplay(0, -5, false)).toEqual({ elapsedMs: 0, advance: false });
  });
});

describe('gestures', () => {
  const start = { x: 200, y: 100, time: 1000 };

  it('needs more than 10 px of horizontal movement for a swipe', () => {
    expect(detectSwipe(start, { x: 190, y: 100 })).toBeNull();
    expect(detectSwipe(start, { x: 189, y: 100 })).toBe('next');
    expect(detectSwipe(start, { x: 210, y: 100 })).toBeNull();
    expect(detectSwipe(start, { x: 211, y: 100 })).toBe('previous');
  });

  it('ignores a mostly vertical move (the page is being scrolled)', () => {
    expect(detectSwipe(start, { x: 185, y: 140 })).toBeNull();
    expect(classifyGesture(start, { x: 185, y: 140, time: 1100 })).toBe('none');
  });

  it('moves left to the next slide and right to the previous one', () => {
    expect(classifyGesture(start, { x: 120, y: 110, time: 1200 })).toBe('next');
    expect(classifyGesture(start, { x: 280, y: 95, time: 1200 })).toBe('previous');
  });

  it('treats a short press without a swipe as a tap, and a press of 500 ms or more as nothing', () => {
    expect(TAP_MAX_MS).toBe(500);
    expect(classifyGesture(start, { x: 204, y: 103, time: 1000 + 499 })).toBe('tap');
    expect(classifyGesture(start, { x: 200, y: 100, time: 1000 + 500 })).toBe('none');
  });

  it('a slow swipe is still a swipe', () => {
    expect(classifyGesture(start, { x: 100, y: 100, time: 5000 })).toBe('next');
  });
});

describe('wrapIndex', () => {
  it('wraps around both ends', () => {
    expect(wrapIndex(3, 3)).toBe(0);
    expect(wrapIndex(-1, 3)).toBe(2);
    expect(wrapIndex(1, 3)).toBe(1);
    expect(wrapIndex(5, 0)).toBe(0);
  });
});
