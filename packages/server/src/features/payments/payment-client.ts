// Chooses the payment adapter from the configuration: YooKassa with credentials, the test gateway without.
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { createTestGateway } from './test-gateway.ts';
import { createYooKassaClient, type YooKassaClient } from './yookassa.client.ts';

export function createPaymentClient(
  config: Pick<Config, 'YOOKASSA_SHOP_ID' | 'YOOKASSA_SECRET_KEY' | 'YOOKASSA_API_URL' | 'PUBLIC_URL'>,
  db: Database,
): YooKassaClient {
  const { YOOKASSA_SHOP_ID: shopId, YOOKASSA_SECRET_KEY: secretKey } = config;
  if (shopId && secretKey) {
    return createYooKassaClient({ apiUrl: config.YOOKASSA_API_URL, shopId, secretKey });
  }
  // Half a configuration would silently take real orders through the test gateway.
  if (shopId || secretKey) {
    throw new Error('YOOKASSA_SHOP_ID and YOOKASSA_SECRET_KEY must be set together (or both left unset)');
  }
  return createTestGateway({ db, publicUrl: config.PUBLIC_URL });
}
