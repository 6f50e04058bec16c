// The markup of a server render is whole whether React's string renderer could make it or the page had to wait.
import { lazy, Suspense } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { renderMarkup } from './render-markup.tsx';

function Page({ children }: { children: React.ReactNode }) {
  return (
    <main>
      <h1>Бергамот, 10 мл</h1>
      <Suspense fallback={<p>Загружаем…</p>}>{children}</Suspense>
    </main>
  );
}

async function streamed(tree: React.ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(tree, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  let text = '';
  for await (const chunk of prelude) text += Buffer.from(chunk as Uint8Array).toString('utf8');
  return text;
}

describe('renderMarkup', () => {
  it('gives the streaming renderer’s markup for a page that does not suspend', async () => {
    const tree = (
      <Page>
        <p>Цена: 1 290 ₽</p>
      </Page>
    );
    expect(await renderMarkup(tree)).toBe(await streamed(tree));
  });

  it('waits for a lazy component the first time instead of leaving its fallback to the browser', async () => {
    const Reviews = lazy(async () => ({ default: () => <section>Отзывы: 12</section> }));
    const first = await renderMarkup(
      <Page>
        <Reviews />
      </Page>,
    );
    expect(first).toContain('<section>Отзывы: 12</section>');
    expect(first).not.toContain('Загружаем…');
    // Once loaded, the string renderer makes the same markup.
    const again = await renderMarkup(
      <Page>
        <Reviews />
      </Page>,
    );
    expect(again).toBe(first);
  });
});
