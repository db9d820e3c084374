import type { FastifyInstance } from 'fastify';
import type { Uses } from '../platform/deps.ts';
import { type JobKind, type Scheduler } from '../scheduler/scheduler.ts';
import type { AccountEventHandler, AccountEventName } from './accounts/account-ref.ts';
import { onAccountRisk, type AccountRiskHandler } from './accounts/account-risk-events.ts';
import type { DispatchedHook, InboundHook } from './conversations/message-hooks.ts';
import { onInboundStored, onMessageDispatched } from './conversations/message-hooks.ts';
import { onFlowEvent, type FlowEventName, type FlowHandler } from './service/flow-events.ts';

/**
 * The events a module handles, by name: the gateway's events about a work account (`message`,
 * `sendReceipt`, `statusChanged`, …, called with the account resolved) and the console's own
 * (`messageDispatched`: a console send was handed to the platform; `inboundStored`: received
 * messages were stored, in the store's transaction; `conversation.assigned` and
 * `conversation.status`: the service flow, after the commit; `account.risk`: an account's ban
 * risk changed, after the commit). Handlers of one event run in the order of the module list
 * (modules/index.ts).
 */
export type ModuleEvents = { [K in AccountEventName]?: AccountEventHandler<K> } & {
  messageDispatched?: DispatchedHook;
  inboundStored?: InboundHook;
  'account.risk'?: AccountRiskHandler;
} & { [K in FlowEventName]?: FlowHandler };

/** A job kind of a module, ready to register on the scheduler. */
export type ModuleJob = (scheduler: Scheduler) => void;

/** Declares a job kind a module runs on the scheduler. */
export function job<T>(kind: JobKind<T>): ModuleJob {
  return (scheduler) => scheduler.register(kind);
}

/**
 * What a server module is (STYLE.md "Wiring"): its routes, its jobs on the scheduler, the events
 * it handles (`on`), the bus channels it listens to, and what it starts and stops. A module's
 * file (`x.module.ts`) builds its services once and returns this; route files only declare routes.
 */
export interface ServerModule {
  name: string;
  /** Declares the module's HTTP routes. */
  routes?(app: FastifyInstance): void;
  /** Job kinds the module runs on the scheduler (each wrapped by {@link job}). */
  jobs?: ModuleJob[];
  /** The events the module handles. */
  on?: ModuleEvents;
  /** Bus channels the module listens to (payload as published). */
  bus?: Record<string, (payload: string) => void>;
  /** Once the server is ready. */
  start?(): void | Promise<void>;
  /** Before the server closes (stop taking work: connections, accounts). */
  closing?(): void | Promise<void>;
  /** When the server closes (drain what is in flight); its handlers are removed after. */
  stop?(): void | Promise<void>;
}

/** Mounts a module on the server: its handlers, jobs and hooks, then its routes. */
export function mountModule(
  app: FastifyInstance,
  deps: Uses<'messageHooks' | 'riskHandlers' | 'flowHandlers' | 'runtime' | 'scheduler'>,
  m: ServerModule,
): void {
  const offs: (() => void)[] = [];
  for (const [event, handler] of Object.entries(m.on ?? {})) {
    if (event === 'messageDispatched') {
      offs.push(onMessageDispatched(deps, handler as DispatchedHook));
    } else if (event === 'inboundStored') {
      offs.push(onInboundStored(deps, handler as InboundHook));
    } else if (event === 'account.risk') {
      offs.push(onAccountRisk(deps, handler as AccountRiskHandler));
    } else if (event === 'conversation.assigned' || event === 'conversation.status') {
      offs.push(onFlowEvent(deps, event, handler as FlowHandler));
    } else {
      const name = event as AccountEventName;
      offs.push(deps.runtime.on(name, handler as AccountEventHandler<typeof name>));
    }
  }
  for (const [channel, listener] of Object.entries(m.bus ?? {})) {
    offs.push(deps.bus.subscribe(channel, listener));
  }
  for (const register of m.jobs ?? []) register(deps.scheduler);
  const { start, closing, stop } = m;
  if (start) app.addHook('onReady', async () => start());
  if (closing) app.addHook('preClose', async () => closing());
  if (stop || offs.length > 0) {
    app.addHook('onClose', async () => {
      await stop?.();
      for (const off of offs) off();
    });
  }
  m.routes?.(app);
}
