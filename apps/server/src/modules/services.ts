import type { AppDeps, Deps } from '../platform/deps.ts';
import { RealtimeHub, type HubOptions } from '../realtime/realtime.ts';
import { Scheduler, type SchedulerOptions } from '../scheduler/scheduler.ts';
import { openStorage } from '../storage/storage.ts';
import { configureAccountRuntime, type AccountRuntimeOptions } from './accounts/account-runtime.ts';
import type { ModuleJob } from './module.ts';
import { mediaLoaderOf } from './media/media.routes.ts';

/** Tunables of the services (server start and tests shorten leases, timers and delays). */
export interface ServiceOptions {
  realtime?: Partial<HubOptions>;
  /** The scheduler's tunables (poll, lease, jitter source, day of caps). */
  scheduler?: Partial<SchedulerOptions>;
  /** Job kinds of the platform, registered on the scheduler before the modules' (PGlite's upkeep). */
  platformJobs?: ModuleJob[];
  /** The account runtime's tunables (leases, the gateway). */
  accounts?: Partial<AccountRuntimeOptions>;
  /** Hand gateway adapters that upload bytes the stored files a send names (the server's start). */
  loadStoredMedia?: boolean;
}

/**
 * The composition root: builds every service of a server instance once, in this order, and adds
 * it to the deps (`deps.realtime`, `deps.runtime`, …; their types are `Services` in
 * platform/deps.ts). First the platform's, then the modules'. A class or function takes the
 * services it uses in its signature (`Uses<'realtime' | 'runtime'>`); each step below is given
 * only what was built before it.
 */
export function buildServices(base: Deps, options: ServiceOptions = {}): AppDeps {
  if ('realtime' in base) throw new Error('services already built for these deps');
  // The platform's.
  const realtime = Object.assign(base, { realtime: new RealtimeHub(base, options.realtime) });
  const scheduler = Object.assign(realtime, {
    scheduler: new Scheduler(realtime, options.scheduler),
  });
  for (const register of options.platformJobs ?? []) register(scheduler.scheduler);
  // Fails the start (not the first upload) when the configured store is not available.
  const deps = Object.assign(scheduler, { storage: openStorage(base.config) });
  // The modules'.
  configureAccountRuntime(deps, {
    ...(options.loadStoredMedia ? { loadMedia: mediaLoaderOf(deps) } : {}),
    ...options.accounts,
  });
  return deps;
}
