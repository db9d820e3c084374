import type { GatewayDeps } from '@cst/gateway';
import type { Deps } from '../platform/deps.ts';

// The seam's types come from the gateway package (packages/gateway); the server's modules import
// them from here, beside what the server adds to build its platforms.
export * from '@cst/gateway';

/** What the server's `createGateway(deps)` (gateway/index.ts) takes: a subset of its Deps. */
export type ServerGatewayDeps = GatewayDeps & Pick<Deps, 'db' | 'config' | 'log' | 'now'>;
