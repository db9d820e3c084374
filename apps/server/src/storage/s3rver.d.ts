declare module 's3rver' {
  import type { IncomingMessage, Server } from 'node:http';
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }

  /** A Koa context, as far as the policy gate uses it. */
  interface S3rverContext {
    method: string;
    path: string;
    req: IncomingMessage;
    request: { req: IncomingMessage };
    status: number;
    type: string;
    body: unknown;
  }
  type Middleware = (ctx: S3rverContext, next: () => Promise<void>) => Promise<void>;

  class S3rver {
    constructor(options?: S3rverOptions);
    middleware: Middleware[];
    httpServer: Server;
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
  export = S3rver;
}
