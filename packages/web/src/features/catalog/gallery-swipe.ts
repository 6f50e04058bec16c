// What the product gallery (product-gallery.tsx) and its lazily loaded zoom (gallery-zoom.tsx) share: a swipe
// between pictures and a picture's label; its own file, so the zoom's chunk does not import the gallery.
import { type TouchEvent, useRef } from 'react';

/** A horizontal move at least this long (px) is a swipe to the next or previous picture. */
const SWIPE_PX = 40;

/** Swipe handlers that call `step(±1)`; a mostly vertical move is the page scrolling and is left alone. */
export function useSwipe(step: (delta: 1 | -1) => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  return {
    onTouchStart(event: TouchEvent) {
      const touch = event.touches[0];
      start.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
    },
    onTouchEnd(event: TouchEvent) {
      const touch = event.changedTouches[0];
      const from = start.current;
      start.current = null;
      if (!touch || !from) return;
      const dx = touch.clientX - from.x;
      if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(touch.clientY - from.y)) step(dx < 0 ? 1 : -1);
    },
  };
}

export function photoLabel(name: string, index: number, count: number): string {
  return count > 1 ? `${name}, фото ${index + 1} из ${count}` : name;
}
