// The shop's answer under a review or a comment (issue 39 point 9), named with the shop's name from its settings.
import { formatDateLong } from '@efir/domain/dates';
import type { ShopReply as ShopReplyWire } from '@efir/domain/reviews-schemas';
import { RichText } from '../../components/ui/rich-text.tsx';
import { useShop } from '../../lib/shop.ts';

export function ShopReply({ reply }: { reply: ShopReplyWire | null }) {
  const shop = useShop();
  if (!reply) return null;
  return (
    <section className="shop-reply" aria-label={`Ответ магазина «${shop.name}»`}>
      <header className="shop-reply__head">
        <span className="shop-reply__author">Ответ магазина «{shop.name}»</span>
        <time className="shop-reply__date" dateTime={reply.created_at}>
          {formatDateLong(reply.created_at)}
        </time>
      </header>
      <RichText html={reply.html} className="shop-reply__text" />
    </section>
  );
}
