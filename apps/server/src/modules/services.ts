import type { AppDeps, Deps } from '../platform/deps.ts';
import { RealtimeHub, type HubOptions } from '../realtime/realtime.ts';
import { Scheduler, type SchedulerOptions } from '../scheduler/scheduler.ts';
import { openStorage } from '../storage/storage.ts';
import { AccountRuntime, type AccountRuntimeOptions } from './accounts/account-runtime.ts';
import { AiRobot } from './ai/ai-robot.ts';
import { AiProviders } from './ai/ai.provider.ts';
import { BackupRunner } from './backup/backup.runner.ts';
import { FilesService } from './files/files.service.ts';
import { MaterialService } from './material/material.service.ts';
import { mediaContext } from './media/media-context.ts';
import { ApiKeyService } from './openapi/api-key.service.ts';
import { robotsContext } from './robots/robots.context.ts';
import type { AccountRiskHandler } from './accounts/account-risk-events.ts';
import type { UnreadCounts } from './accounts/account-unread.ts';
import { MessageHooks } from './conversations/message-hooks.ts';
import type { SendGuard } from './conversations/send-guard.ts';
import type { FanImports } from './fan-tasks/fan-task.import.ts';
import type { ModuleJob } from './module.ts';
import type { FlowHandlers } from './service/flow-events.ts';
import { storedMediaLoader } from './media/media.routes.ts';

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
  const platform = Object.assign(scheduler, {
    // Fails the start (not the first upload) when the configured store is not available.
    storage: openStorage(base.config),
    // The console's event registries: the handlers modules declare under `on` (module.ts).
    messageHooks: new MessageHooks(),
    sendGuards: new Set<SendGuard>(),
    flowHandlers: new Map() as FlowHandlers,
    riskHandlers: new Set<AccountRiskHandler>(),
    unread: { source: null } as UnreadCounts,
    fanImports: { source: null } as FanImports,
    taskTimers: new Map<string, Map<string, NodeJS.Timeout>>(),
  });
  // The modules'.
  const deps = Object.assign(platform, {
    runtime: new AccountRuntime(platform, {
      ...(options.loadStoredMedia ? { loadMedia: storedMediaLoader(platform) } : {}),
      ...options.accounts,
    }),
  });
  // The modules' services, each given only what was built before it: the types fail if a
  // signature names a service built later (files before media, media before material and the
  // robots, the robots and the AI providers before the AI robot).
  const files = Object.assign(deps, { files: new FilesService(deps) });
  const media = Object.assign(files, { media: mediaContext(files) });
  const material = Object.assign(media, { material: new MaterialService(media, media.media) });
  const apiKeys = Object.assign(material, { apiKeys: new ApiKeyService(material) });
  const ai = Object.assign(apiKeys, { ai: new AiProviders(apiKeys) });
  const robots = Object.assign(ai, { robots: robotsContext(ai) });
  const aiRobot = Object.assign(robots, { aiRobot: new AiRobot(robots) });
  const all: AppDeps = Object.assign(aiRobot, { backupRunner: new BackupRunner(aiRobot) });
  return all;
}
