// Every table of the shop, gathered for drizzle-kit (migrations) and the seed; the database client does not import it.

export * from './back-office/admin.table.ts';
export * from './db/seed.table.ts';
export * from './features/account/account.table.ts';
export * from './features/auth/auth.table.ts';
export * from './features/cart/cart.table.ts';
export * from './features/catalog/catalog.table.ts';
export * from './features/content/content.table.ts';
export * from './features/exchange/exchange.table.ts';
export * from './features/gift-certificates/gift-certificates.table.ts';
export * from './features/mail/mail.table.ts';
export * from './features/orders/orders.table.ts';
export * from './features/orders/received-payments.table.ts';
export * from './features/payments/payments.table.ts';
export * from './features/reviews/reviews.table.ts';
export * from './modules/chat/chat.table.ts';
export * from './modules/delivery/delivery.table.ts';
export * from './modules/school/school.table.ts';
