import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The server's tables, and the WhatsApp adapter's (it owns them; their migrations live here, as
  // the server runs every migration). The server never imports the adapter's schema: the adapter
  // is loaded only when PLATFORM=whatsapp (packages/gateway-whatsapp/README.md).
  schema: ['./src/db/schema/index.ts', '../../packages/gateway-whatsapp/src/schema.ts'],
  out: './src/db/migrations',
});
