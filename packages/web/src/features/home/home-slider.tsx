// The home slider of spec §2/§9: slides for this visitor's audience, auto-advance every 5 s (checked every 100 ms),
// swipe after more than 10 px, a tap under 500 ms follows the slide's link, dots; 960/724 px image breakpoints.
import {
  type MouseEvent as ReactMouseEvent,
  type PointerEvent as ReactPointerEvent,
  useEffect,
  useRef,
  useState,
} from 'react';
import { preload } from 'react-dom';
import { useAppState } from '../../lib/app-context.tsx';
import type { Slide } from '../../lib/app-state.ts';
import { Link } from '../../lib/router/link.tsx';

export const SLIDE_INTERVAL_MS = 5000;
export const SLIDER_TICK_MS = 100;
export const SWIPE_THRESHOLD_PX = 10;
export const TAP_MAX_MS = 500;
/** A tick longer than this (a throttled or suspended tab) counts as this long, so a slide is never skipped. */
const MAX_TICK_MS = 1000;

/** Spec §6: everyone sees «all»; a guest also «guest», a logged-in user also «reg». */
export function selectSlides(slides: readonly Slide[], loggedIn: boolean): Slide[] {
  const audience = loggedIn ? 'reg' : 'guest';
  return slides.filter((slide) => slide.show === 'all' || slide.show === audience);
}

/** Picture sources: the mobile crop up to 724 px, the wide WebP up to 960 px and beyond, the original as fallback. */
export function slideSources(img: Slide['img']) {
  return {
    mobile: `/images/${img.basename}-mobile.webp`,
    wide: `/images/${img.basename}.webp`,
    fallback: `/images/${img.filename}`,
  };
}

export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((index % count) + count) % count;
}

/**
 * One tick of the auto-advance timer: time runs only while nothing pauses the slider; after 5 s of running time
 * the slider advances and the count starts again.
 */
export function tickAutoplay(
  elapsedMs: number,
  tickMs: number,
  paused: boolean,
): { elapsedMs: number; advance: boolean } {
  if (paused) return { elapsedMs, advance: false };
  const next = elapsedMs + Math.min(Math.max(tickMs, 0), MAX_TICK_MS);
  return next >= SLIDE_INTERVAL_MS ? { elapsedMs: 0, advance: true } : { elapsedMs: next, advance: false };
}

export interface PointerMark {
  x: number;
  y: number;
  time: number;
}

export type Gesture = 'next' | 'previous' | 'tap' | 'none';

/** A swipe starts once the pointer has moved more than 10 px sideways (more sideways than up or down). */
export function detectSwipe(
  start: PointerMark,
  point: Pick<PointerMark, 'x' | 'y'>,
): 'next' | 'previous' | null {
  const dx = point.x - start.x;
  const dy = point.y - start.y;
  if (Math.abs(dx) <= SWIPE_THRESHOLD_PX || Math.abs(dx) < Math.abs(dy)) return null;
  // Moving the finger to the left pulls in the slide on the right.
  return dx < 0 ? 'next' : 'previous';
}

/**
 * What a whole press did: a swipe; or a tap when it was released within 500 ms without moving more than 10 px;
 * anything else (a long press, a mostly vertical move) does nothing.
 */
export function classifyGesture(start: PointerMark, end: PointerMark): Gesture {
  const swipe = detectSwipe(start, end);
  if (swipe) return swipe;
  const moved =
    Math.abs(end.x - start.x) > SWIPE_THRESHOLD_PX || Math.abs(end.y - start.y) > SWIPE_THRESHOLD_PX;
  return !moved && end.time - start.time < TAP_MAX_MS ? 'tap' : 'none';
}

function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    setReduced(query.matches);
    const update = () => setReduced(query.matches);
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return reduced;
}

function usePageHidden(): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    const update = () => setHidden(document.visibilityState === 'hidden');
    update();
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return hidden;
}

function SlidePicture({ slide, first }: { slide: Slide; first: boolean }) {
  const sources = slideSources(slide.img);
  if (first) {
    // The first slide is the page's largest paint: preloaded from the head (the shop moves React's preloads
    // there), the crop this screen shows, so it does not wait behind the page's scripts.
    const hint = { as: 'image', type: 'image/webp', fetchPriority: 'high' } as const;
    preload(sources.mobile, { ...hint, media: '(max-width: 724px)' });
    preload(sources.wide, { ...hint, media: '(min-width: 725px)' });
  }
  return (
    <picture className="slide__picture">
      <source media="(max-width: 724px)" srcSet={sources.mobile} type="image/webp" />
      <source media="(max-width: 960px)" srcSet={sources.wide} type="image/webp" />
      <source srcSet={sources.wide} type="image/webp" />
      <img
        src={sources.fallback}
        alt=""
        width={1920}
        height={640}
        loading={first ? 'eager' : 'lazy'}
        fetchPriority={first ? 'high' : undefined}
        decoding={first ? 'sync' : 'async'}
        draggable={false}
      />
    </picture>
  );
}

export function HomeSlider() {
  const loggedIn = useAppState((state) => state.user !== null);
  const all = useAppState((state) => state.critical.slider);
  const slides = selectSlides(all, loggedIn);
  const count = slides.length;

  const [current, setCurrent] = useState(0);
  const [stopped, setStopped] = useState(false);
  const [pointerDown, setPointerDown] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const hidden = usePageHidden();
  const elapsed = useRef(0);
  const press = useRef<PointerMark | null>(null);
  /** The last press's verdict, read by the click that follows it. */
  const gesture = useRef<Gesture | null>(null);

  const index = wrapIndex(current, count);
  const autoplay = count > 1 && !reducedMotion && !stopped;
  const paused = pointerDown || hidden || hovered || focused;

  const show = (next: number) => {
    elapsed.current = 0;
    setCurrent(wrapIndex(next, count));
  };

  // The timer exists only in the browser and only while auto-advance is on; pauses freeze the count.
  useEffect(() => {
    if (!autoplay) return;
    let last = performance.now();
    const timer = window.setInterval(() => {
      const now = performance.now();
      const tick = tickAutoplay(elapsed.current, now - last, paused);
      last = now;
      elapsed.current = tick.elapsedMs;
      if (tick.advance) setCurrent((value) => wrapIndex(value + 1, count));
    }, SLIDER_TICK_MS);
    return () => window.clearInterval(timer);
  }, [autoplay, paused, count]);

  if (count === 0) return null;

  const onPointerDown = (event: ReactPointerEvent) => {
    if (!event.isPrimary || event.button !== 0) return;
    press.current = { x: event.clientX, y: event.clientY, time: event.timeStamp };
    gesture.current = null;
    setPointerDown(true);
  };
  // The slide changes as soon as the move counts as a swipe, not only when the finger lifts.
  const onPointerMove = (event: ReactPointerEvent) => {
    const start = press.current;
    if (!start || !event.isPrimary || gesture.current !== null) return;
    const swipe = detectSwipe(start, { x: event.clientX, y: event.clientY });
    if (!swipe) return;
    gesture.current = swipe;
    show(swipe === 'next' ? index + 1 : index - 1);
  };
  const onPointerUp = (event: ReactPointerEvent) => {
    const start = press.current;
    press.current = null;
    setPointerDown(false);
    if (!start || !event.isPrimary || gesture.current !== null) return;
    const verdict = classifyGesture(start, { x: event.clientX, y: event.clientY, time: event.timeStamp });
    gesture.current = verdict;
    if (verdict === 'next') show(index + 1);
    if (verdict === 'previous') show(index - 1);
  };
  const onPointerCancel = () => {
    press.current = null;
    gesture.current = 'none';
    setPointerDown(false);
  };
  // The link follows a tap (and a keyboard Enter, which comes without a press); a swipe or a long press does not.
  const onSlideClick = (event: ReactMouseEvent) => {
    const verdict = gesture.current;
    gesture.current = null;
    if (verdict !== null && verdict !== 'tap') event.preventDefault();
  };

  return (
    <section
      className="slider"
      aria-roledescription="карусель"
      aria-label="Акции и новости"
      // Hover and keyboard focus pause it too (WCAG 2.2.2); touch «hover» and tap focus are not real ones.
      onPointerEnter={(event) => setHovered(event.pointerType === 'mouse')}
      onPointerLeave={() => setHovered(false)}
      onFocus={(event) => {
        if (event.target.matches(':focus-visible')) setFocused(true);
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div
        className="slider__viewport"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerCancel}
        onPointerLeave={() => {
          press.current = null;
          setPointerDown(false);
        }}
      >
        {/* Not a list: each slide is a group «N из M» (the WAI-ARIA carousel pattern), and a group in a <ul>
            would leave the list with no items. */}
        <div className="slider__track" style={{ transform: `translateX(${-index * 100}%)` }}>
          {slides.map((slide, position) => (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern: each slide is a group «N из M»
            <div
              key={slide.id}
              className="slide"
              style={{ backgroundColor: slide.color }}
              role="group"
              aria-roledescription="слайд"
              aria-label={`${position + 1} из ${count}`}
              aria-hidden={position !== index}
              inert={position !== index}
            >
              <Link to={slide.link} className="slide__link" onClick={onSlideClick} draggable={false}>
                <SlidePicture slide={slide} first={position === 0} />
                <span className="slide__caption">
                  <span className="slide__title">{slide.name}</span>
                  <span className="slide__more" aria-hidden="true">
                    Подробнее →
                  </span>
                </span>
              </Link>
            </div>
          ))}
        </div>
      </div>
      {count > 1 && (
        <div className="slider__controls">
          <button
            type="button"
            className="slider__arrow slider__arrow--previous"
            aria-label="Предыдущий слайд"
            onClick={() => show(index - 1)}
          >
            ‹
          </button>
          <ul className="slider__dots">
            {slides.map((slide, position) => (
              <li key={slide.id}>
                <button
                  type="button"
                  className="slider__dot"
                  aria-label={`Слайд ${position + 1} из ${count}`}
                  aria-current={position === index ? 'true' : undefined}
                  onClick={() => show(position)}
                />
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="slider__arrow slider__arrow--next"
            aria-label="Следующий слайд"
            onClick={() => show(index + 1)}
          >
            ›
          </button>
          {!reducedMotion && (
            <button
              type="button"
              className="slider__pause"
              aria-label={stopped ? 'Включить автопрокрутку' : 'Остановить автопрокрутку'}
              onClick={() => setStopped((value) => !value)}
            >
              <span aria-hidden="true">{stopped ? '▶' : '❚❚'}</span>
            </button>
          )}
        </div>
      )}
    </section>
  );
}
