// The back office's «Сводка» (GET /api/v1/admin/dashboard, decision 030): the server's response schema and the
// page's type. Sums are whole roubles; days are Moscow days.
import { z } from './zod-ru.ts';

export const dashboardSchema = z.object({
  days: z.number().int(),
  by_day: z.array(z.object({ date: z.string(), orders: z.number().int(), revenue: z.number().int() })),
  totals: z.object({ orders: z.number().int(), revenue: z.number().int(), average_order: z.number().int() }),
  top_products: z.array(
    z.object({
      product_id: z.number().int(),
      name: z.string(),
      quantity: z.number().int(),
      revenue: z.number().int(),
    }),
  ),
  conversion: z.object({ carts: z.number().int(), ordered: z.number().int(), percent: z.number() }),
});

export type Dashboard = z.infer<typeof dashboardSchema>;
