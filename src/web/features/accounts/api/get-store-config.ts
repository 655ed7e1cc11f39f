import { useQuery } from '@tanstack/react-query';
import type { StoreConfig } from '#shared/schemas/store-config.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { storeConfigKeys } from '#web/lib/query-keys.ts';

/** GET /config: what this store offers, such as whether Google sign-in is set up. */
function getStoreConfig(signal?: AbortSignal): Promise<StoreConfig> {
  return apiRequest<StoreConfig>('/config', { signal });
}

export function useStoreConfig() {
  return useQuery({
    queryKey: storeConfigKeys.all,
    queryFn: ({ signal }) => getStoreConfig(signal),
    staleTime: Infinity,
  });
}
