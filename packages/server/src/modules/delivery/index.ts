// The delivery module's public face (decision 051): what the rest of the server may use of it. Nothing else
// in this folder is imported from outside it (only schema.ts reads a module's *.table.ts, for drizzle-kit).

export { type CdekParcelStatus, type CdekTracking, createCdekClient } from './cdek-client.ts';
export { insertPickupPoints } from './delivery.repo.ts';
export { registerDeliveryRoutes } from './delivery.routes.ts';
export {
  type CartSnapshot,
  createDeliveryProviders,
  type DeliveryProviders,
  type DeliveryQuoteResult,
  quoteDelivery,
} from './delivery.service.ts';
export type { PickupPoint } from './delivery-providers.ts';
export { summariseTariffs, type TariffSummary, type ZoneFigures } from './tariff-summary.ts';
