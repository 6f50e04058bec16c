// Footer: phones, hours, social links (the networks' marks), information links and the legal notices.
import { SHOP } from '@efir/domain/shop-info';
import { DzenIcon, TelegramIcon, VkIcon } from '../../components/ui/social-icons.tsx';
import { useAppState } from '../../lib/app-context.tsx';
import { Link } from '../../lib/router/link.tsx';
import { useShop } from '../../lib/shop.ts';

const SOCIAL_ICONS = { VK: VkIcon, TG: TelegramIcon, Дзен: DzenIcon } as const;

function SocialIcon({ network }: { network: (typeof SHOP.social)[number]['short'] }) {
  const Icon = SOCIAL_ICONS[network];
  return <Icon width={22} height={22} />;
}

export function SiteFooter() {
  const menus = useAppState((state) => state.critical.menus);
  const shop = useShop();
  const footerLinks = menus.footer ?? [];
  const legalLinks = menus.legal ?? [];
  const year = new Date().getFullYear();

  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <section>
          <h2 className="site-footer__title">Покупателям</h2>
          <ul>
            {footerLinks.map((link) => (
              <li key={link.url}>
                <Link to={link.url}>{link.name}</Link>
              </li>
            ))}
          </ul>
        </section>
        <section>
          <h2 className="site-footer__title">Контакты</h2>
          <ul>
            {shop.phones.map((phone) => (
              <li key={phone.href}>
                <a href={phone.href}>{phone.display}</a> <span className="muted">— {phone.note}</span>
              </li>
            ))}
            <li>
              <a href={`mailto:${shop.email}`}>{shop.email}</a>
            </li>
            <li>
              Офис в Москве: <span className="nowrap">{shop.hours}</span>
            </li>
          </ul>
        </section>
        <section>
          <h2 className="site-footer__title">Мы в соцсетях</h2>
          <ul className="site-footer__social">
            {SHOP.social.map((network) => (
              <li key={network.href}>
                {/* The network's mark; its name in words for screen readers and on hover. */}
                <a href={network.href} target="_blank" rel="noopener noreferrer" title={network.name}>
                  <SocialIcon network={network.short} />
                  <span className="visually-hidden">{network.name}</span>
                </a>
              </li>
            ))}
          </ul>
          <p className="muted small">
            Эфирные масла — не лекарство. Перед применением проконсультируйтесь со специалистом.
          </p>
        </section>
      </div>
      <div className="container site-footer__legal">
        <span>
          © 2016–{year} {shop.name}. Интернет-магазин эфирных масел
        </span>
        <nav aria-label="Правовая информация">
          {legalLinks.map((link) => (
            <Link key={link.url} to={link.url}>
              {link.name}
            </Link>
          ))}
        </nav>
      </div>
    </footer>
  );
}
