// schema.org objects about the shop itself, shared by the home page, the contacts page and every product's offer.
import { SHOP, SHOP_REQUISITES } from '@efir/domain/shop-info';
import { DEFAULT_SHARE_IMAGE } from '../../lib/page-meta.ts';

function postalAddress() {
  return {
    '@type': 'PostalAddress',
    streetAddress: SHOP.address.street,
    addressLocality: SHOP.address.city,
    postalCode: SHOP.address.postalCode,
    addressCountry: SHOP.address.country,
  };
}

/** The shop as an Organization (an OnlineStore with an office): address, phones, opening hours. */
export function organizationJsonLd(origin: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': ['OnlineStore', 'LocalBusiness'],
    '@id': `${origin}/#organization`,
    name: SHOP.name,
    legalName: SHOP_REQUISITES.company,
    description: SHOP.slogan,
    url: `${origin}/`,
    logo: `${origin}/apple-touch-icon.png`,
    image: `${origin}${DEFAULT_SHARE_IMAGE}`,
    email: SHOP.email,
    telephone: SHOP.phones[0].href.slice('tel:'.length),
    address: postalAddress(),
    contactPoint: SHOP.phones.map((phone) => ({
      '@type': 'ContactPoint',
      telephone: phone.href.slice('tel:'.length),
      contactType: 'customer service',
      areaServed: 'RU',
      availableLanguage: 'ru',
    })),
    openingHoursSpecification: SHOP.openingHours.map((hours) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: hours.days.map((day) => `https://schema.org/${day}`),
      opens: hours.opens,
      closes: hours.closes,
    })),
    sameAs: SHOP.social.map((link) => link.href),
  };
}

/** The site with its search box (Sitelinks search box). */
export function webSiteJsonLd(origin: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    '@id': `${origin}/#website`,
    name: SHOP.name,
    url: `${origin}/`,
    inLanguage: 'ru',
    publisher: { '@id': `${origin}/#organization` },
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${origin}/search?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

/** The shop's return rule: an unopened product within 7 days, by post, the buyer paying the way back. */
export function merchantReturnPolicy(): Record<string, unknown> {
  return {
    '@type': 'MerchantReturnPolicy',
    applicableCountry: 'RU',
    returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
    merchantReturnDays: SHOP.returnDays,
    returnMethod: 'https://schema.org/ReturnByMail',
    returnFees: 'https://schema.org/ReturnShippingFees',
  };
}
