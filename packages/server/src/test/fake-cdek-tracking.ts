// CDEK API v2 as its order-status part is documented — OAuth token, `GET /v2/orders?cdek_number=` with the parcel's
// `entity.statuses` — on a local fake carrier server, and the shop's CDEK client pointed at it. Tests set each
// parcel's statuses; an unknown number gets CDEK's «v2_entity_not_found».
import { randomUUID } from 'node:crypto';
import { type RecordedRequest, startFakeCarrierServer } from '../modules/delivery/fake-carrier-server.ts';
import { createCdekClient } from '../modules/delivery/index.ts';

export interface ParcelStatus {
  code: string;
  name: string;
  date_time: string;
  city: string;
}

export interface FakeCdekTracking {
  /** What CDEK answers for each parcel: its statuses, oldest first (CDEK itself does not promise an order). */
  parcels: Map<string, ParcelStatus[]>;
  /** The shop's CDEK client, talking to this fake. */
  client(): ReturnType<typeof createCdekClient>;
  close(): Promise<void>;
}

const TOKEN = 'tracking-token';

export async function startFakeCdekTracking(): Promise<FakeCdekTracking> {
  const parcels = new Map<string, ParcelStatus[]>();
  const server = await startFakeCarrierServer();
  server.handle((request: RecordedRequest) => {
    if (request.method === 'POST' && request.path === '/v2/oauth/token') {
      return { json: { access_token: TOKEN, token_type: 'bearer', expires_in: 3599 } };
    }
    if (request.headers.authorization !== `Bearer ${TOKEN}`) return { status: 401, json: {} };
    if (request.method === 'GET' && request.path === '/v2/orders') {
      const number = request.query.get('cdek_number') ?? '';
      const statuses = parcels.get(number);
      if (!statuses) {
        return {
          json: {
            requests: [
              {
                type: 'GET',
                state: 'INVALID',
                errors: [{ code: 'v2_entity_not_found', message: 'Not found' }],
              },
            ],
          },
        };
      }
      return {
        json: {
          entity: {
            uuid: randomUUID(),
            cdek_number: number,
            tariff_code: 136,
            statuses: [...statuses].reverse(),
          },
          requests: [],
        },
      };
    }
    return { status: 404, json: {} };
  });
  return {
    parcels,
    client: () =>
      createCdekClient({
        apiUrl: server.url,
        clientId: 'shop',
        clientSecret: 'secret',
        fromZip: '101000',
        timeoutMs: 2000,
      }),
    close: () => server.close(),
  };
}
