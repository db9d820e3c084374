import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fail } from '../../platform/errors.ts';

/** The path of the first string holding a NUL character (PostgreSQL text cannot store one). */
export function nulPath(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'body' : null;
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const p = nulPath(v, `${path}[${i}]`);
      if (p) return p;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      const p = nulPath(v, path ? `${path}.${k}` : k);
      if (p) return p;
    }
  }
  return null;
}

function refuseNul(req: FastifyRequest): void {
  const field = nulPath(req.body) ?? nulPath(req.query) ?? nulPath(req.params);
  if (field) throw fail.invalid('fieldFormat', { field });
}

/**
 * Registers routes in a scope that answers 400 (not a database error) to a string holding a NUL
 * character anywhere in the body, query or path.
 */
export function withTextGuard(app: FastifyInstance, register: (scope: FastifyInstance) => void) {
  void app.register(async (scope) => {
    scope.addHook('preValidation', async (req) => refuseNul(req));
    register(scope);
  });
}
