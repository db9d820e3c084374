import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';

/**
 * Registers routes that read multipart bodies, in their own scope so no other route parses
 * multipart. Files are streamed (never buffered whole); `maxFileBytes` is a hard stop above the
 * routes' own limits.
 */
export function withMultipart(
  app: FastifyInstance,
  maxFileBytes: number,
  register: (scope: FastifyInstance) => void,
  maxFiles = 1,
): void {
  void app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: {
        fileSize: maxFileBytes + 1,
        files: maxFiles,
        fields: 20,
        fieldSize: 64 * 1024,
        parts: 30 + maxFiles,
        headerPairs: 100,
      },
    });
    register(scope);
  });
}
