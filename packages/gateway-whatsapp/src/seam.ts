import type { GatewayDeps } from '@cst/gateway';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

// The adapter's side of the seam, in one place: the gateway contract (packages/gateway), this
// adapter's own tables, and what the server passes in. The server loads this package only when
// PLATFORM=whatsapp (apps/server/src/gateway/index.ts), never statically.
export * from '@cst/gateway';
export { waContacts, waEvents, waMessages, waSessionKeys, waSessions } from './schema.ts';

/** A drizzle handle on the server's database (PGlite or PostgreSQL) holding this adapter's tables. */
export type Db = PgDatabase<PgQueryResultHKT, Record<string, unknown>>;

/** What the server builds the adapter with. */
export interface WhatsAppDeps extends GatewayDeps {
  db: Db;
  config: {
    /** WA_AUTH_KEY: the 32-byte key of the session secrets; unset = a key kept by the server. */
    whatsappAuthKey: Buffer | undefined;
  };
  /** A random secret the server keeps under `name`, made on first use and then never changed. */
  sharedSecret(name: string): Promise<string>;
}
