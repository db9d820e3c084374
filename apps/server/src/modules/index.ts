import type { FastifyInstance } from 'fastify';
import type { Deps } from '../platform/deps.ts';
import { registerAuthRoutes } from './auth/auth.routes.ts';
import { registerRealtimeRoutes } from '../realtime/realtime.routes.ts';

/** Registers every feature module's routes. */
export async function registerModules(app: FastifyInstance, deps: Deps): Promise<void> {
  registerAuthRoutes(app, deps);
  registerRealtimeRoutes(app, deps);
}
