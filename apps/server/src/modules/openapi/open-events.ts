import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthContext } from '../../platform/auth-context.ts';
import { tokenOf } from '../../platform/auth-context.ts';
import type { Uses } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { AccountService } from '../accounts/index.ts';
import {
  lastEventIdOf,
  serveEventStream,
  type StreamOptions,
  type StreamScope,
} from '../webhooks/index.ts';

/**
 * `GET /open/v1/events` (DESIGN.md §12): the key's tenant's events as Server-Sent Events, of the
 * accounts the key may see, resuming after `Last-Event-ID`. At each heartbeat the key is read
 * again (a revoked key, or a creator who lost the right to read, ends the stream; accounts the
 * creator lost leave its scope). Streams end when the server closes.
 */
export class OpenEventStreams {
  private readonly accounts: AccountService;
  private readonly live = new Set<Promise<void>>();
  private readonly closing = new AbortController();

  constructor(
    private readonly deps: Uses<'apiKeys' | 'realtime' | 'riskHandlers' | 'runtime' | 'unread'>,
    private readonly options: Partial<StreamOptions> = {},
  ) {
    this.accounts = new AccountService(deps);
  }

  /** What a key's stream reads. */
  async scope(auth: AuthContext): Promise<StreamScope> {
    return {
      tenantId: this.accounts.tenantOf(auth),
      accountIds: await this.accounts.visibleIds(auth),
    };
  }

  /** The scope of the key now, or null when it may no longer read (401/403); unchanged on 429. */
  private async recheck(key: string | null, last: StreamScope): Promise<StreamScope | null> {
    try {
      const auth = await this.deps.apiKeys.authenticate(key);
      if (!auth.permissions.has('conversation.read')) return null;
      return await this.scope(auth);
    } catch (err) {
      if (err instanceof AppError && err.kind === 'tooMany') return last;
      if (err instanceof AppError) return null;
      throw err;
    }
  }

  /** Serves one stream on the raw response (the reply is hijacked). */
  async serve(auth: AuthContext, req: FastifyRequest, reply: FastifyReply): Promise<void> {
    const scope = await this.scope(auth);
    const key = tokenOf(req.headers);
    let current = scope;
    reply.hijack();
    const done = serveEventStream(
      this.deps,
      scope,
      lastEventIdOf(req.headers['last-event-id']),
      reply.raw,
      {
        ...this.options,
        signal: this.closing.signal,
        recheck: async () => {
          const next = await this.recheck(key, current);
          if (next) current = next;
          return next;
        },
      },
    ).catch((err: unknown) => {
      req.log.warn({ err }, 'event stream ended on an error');
      if (!reply.raw.writableEnded) reply.raw.end();
    });
    this.live.add(done);
    try {
      await done;
    } finally {
      this.live.delete(done);
    }
  }

  /** Ends every stream (the server is closing) and waits for them. */
  async close(): Promise<void> {
    this.closing.abort();
    await Promise.all([...this.live]);
  }
}
