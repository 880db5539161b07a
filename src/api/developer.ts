// Personal API keys and webhook endpoints (issue 30), typed with the server's schemas (type-only imports).
import type { CreatedEndpoint, CreatedKey, DeliveryList, EndpointList, KeyList, TestDeliveryResponse, WebhookEvent } from '../../contract/developer';
import { api, apiRequest } from './client';

export const developerApi = {
  keys: () => api.get<KeyList>('/keys'),
  createKey: (name: string) => api.post<CreatedKey>('/keys', { name }),
  revokeKey: (id: string) => apiRequest<void>(`/keys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  endpoints: () => api.get<EndpointList>('/webhook-endpoints'),
  createEndpoint: (url: string, events: readonly WebhookEvent[]) => api.post<CreatedEndpoint>('/webhook-endpoints', { url, events }),
  deleteEndpoint: (id: string) => apiRequest<void>(`/webhook-endpoints/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  testEndpoint: (id: string) => api.post<TestDeliveryResponse>(`/webhook-endpoints/${encodeURIComponent(id)}/test`),
  deliveries: (id: string) => api.get<DeliveryList>(`/webhook-endpoints/${encodeURIComponent(id)}/deliveries`),
};
