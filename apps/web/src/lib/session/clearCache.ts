import { queryClient } from '../queryClient.ts';
import { clearRegisteredCaches } from './cacheRegistry.ts';

/**
 * "Clear cache" of the user menu: empties the query cache, every registered cache (contacts, …)
 * and session storage (work-account lists, flags), then reloads. The login and settings stay.
 */
export async function clearCacheAndReload(): Promise<void> {
  queryClient.clear();
  await clearRegisteredCaches();
  sessionStorage.clear();
  window.location.reload();
}
