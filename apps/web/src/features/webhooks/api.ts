import type {
  WebhookDeliveriesResult,
  WebhookDeliveryState,
  WebhookEvent,
  WebhookItem,
} from '@cst/shared';
import { mainApi } from '../../lib/http/clients.ts';

const base = '/main-api/open/webhooks';

/** Webhook calls (API.md "Webhooks"). */
export const webhooksApi = {
  list: async () => {
    const r = await mainApi.post<{ list: WebhookItem[] }>(`${base}/list`, {});
    return { list: r.list, total: r.list.length };
  },
  create: (b: { url: string; events: WebhookEvent[]; description?: string }) =>
    mainApi.post<{ id: string; secret: string }>(`${base}/create`, b),
  update: (b: {
    id: string;
    url?: string;
    events?: WebhookEvent[];
    enabled?: boolean;
    description?: string;
  }) => mainApi.post<null>(`${base}/update`, b),
  remove: (id: string) => mainApi.post<null>(`${base}/delete`, { id }),
  rotate: (id: string) => mainApi.post<{ secret: string }>(`${base}/rotate-secret`, { id }),
  test: (id: string) => mainApi.post<{ eventId: string }>(`${base}/test`, { id }),
  deliveries: (q: { id: string; page: number; pageSize: number; status?: WebhookDeliveryState }) =>
    mainApi.post<WebhookDeliveriesResult>(`${base}/deliveries`, q),
  redeliver: (id: string, eventId: string) =>
    mainApi.post<null>(`${base}/redeliver`, { id, eventId }),
};
