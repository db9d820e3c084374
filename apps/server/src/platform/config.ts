import path from 'node:path';
import { z } from 'zod';
import type { S3Settings } from '../storage/s3-storage.ts';

const SERVICE_NAMES = ['api', 'realtime', 'gateway', 'scheduler'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  PLATFORM: z.enum(['simulator', 'whatsapp']).default('simulator'),
  /** Key of the WhatsApp session secrets at rest (base64 of 32 bytes); else a stored secret. */
  WA_AUTH_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be the base64 of 32 bytes')
    .optional(),
  SERVICES: z.string().default('api,realtime,gateway,scheduler'),
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_HOST: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.string().default('1'),
  METRICS_TOKEN: z.string().optional(),
  SIM_TRAFFIC: z.coerce.number().min(0).optional(),
  SIM_SEED: z.string().default('cst'),
  TRANSLATE_URL: z.string().optional(),
  ADMIN_USERNAME: z.string().default('admin'),
  ADMIN_PASSWORD: z.string().optional(),
  DEMO: z.string().default('1'),
  DEMO_PASSWORD: z.string().optional(),
  LOG_LEVEL: z.string().default('info'),
  WEB_DIST: z.string().optional(),
  TOKEN_TTL_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 7),
  SIM_TRAFFIC_DEFAULT: z.coerce.number().min(0).default(0),
  TRUST_PROXY: z.string().default('0'),
  SCHEDULER_POLL_MS: z.coerce.number().int().min(10).max(600_000).default(1000),
  SCHEDULER_LEASE_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  ACCOUNT_LEASE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(30_000),
  ALLOW_PRIVATE_NETWORK: z.string().default('0'),
});

/** The server's configuration, read from the environment (DESIGN.md §10). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  platform: 'simulator' | 'whatsapp';
  /** WA_AUTH_KEY: the key of the WhatsApp adapter's secrets at rest (32 bytes). */
  whatsappAuthKey: Buffer | undefined;
  services: Set<ServiceName>;
  storage: 'local' | 's3';
  /** The S3-compatible store's settings (STORAGE=s3). */
  s3: S3Settings;
  /** Bearer token of GET /metrics; the route is off when unset. */
  metricsToken: string | undefined;
  simTrafficPerMinute: number;
  simSeed: string;
  translateUrl: string | undefined;
  adminUsername: string;
  adminPassword: string | undefined;
  demo: boolean;
  demoPassword: string | undefined;
  logLevel: string;
  webDist: string;
  tokenTtlMs: number;
  /** Take the client address from X-Forwarded-For (behind a reverse proxy). */
  trustProxy: boolean;
  /** How often an idle scheduler looks for due work (a bus wake comes sooner). */
  schedulerPollMs: number;
  /** How long past its due time a claimed item stays leased to the instance that claimed it. */
  schedulerLeaseMs: number;
  /**
   * How long an instance holds a work account without renewing (renewed every third of it): a
   * killed instance's accounts move to another, or to its next start, after this.
   */
  accountLeaseMs: number;
  /**
   * ALLOW_PRIVATE_NETWORK=1: the outbound guard (platform/outbound.ts) lets the server connect to
   * loopback and private addresses (the image proxy's tests, self-hosters on a LAN).
   */
  allowPrivateNetwork: boolean;
}

/** Reads the configuration from an environment object; bad values stop the start with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (parsed.success && parsed.data.STORAGE === 's3' && !parsed.data.S3_BUCKET) {
    throw new Error('Invalid configuration:\nS3_BUCKET: required with STORAGE=s3');
  }
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const services = new Set<ServiceName>();
  for (const s of e.SERVICES.split(',')
    .map((x) => x.trim())
    .filter(Boolean)) {
    if (!(SERVICE_NAMES as readonly string[]).includes(s)) {
      throw new Error(`Invalid configuration:\nSERVICES: unknown service "${s}"`);
    }
    services.add(s as ServiceName);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    platform: e.PLATFORM,
    whatsappAuthKey: e.WA_AUTH_KEY ? Buffer.from(e.WA_AUTH_KEY, 'base64') : undefined,
    services,
    storage: e.STORAGE,
    s3: {
      endpoint: e.S3_ENDPOINT || undefined,
      bucket: e.S3_BUCKET ?? '',
      region: e.S3_REGION,
      accessKeyId: e.S3_ACCESS_KEY_ID || undefined,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY || undefined,
      publicHost: e.S3_PUBLIC_HOST || undefined,
      forcePathStyle: e.S3_FORCE_PATH_STYLE === '1' || e.S3_FORCE_PATH_STYLE === 'true',
    },
    metricsToken: e.METRICS_TOKEN || undefined,
    simTrafficPerMinute: e.SIM_TRAFFIC ?? e.SIM_TRAFFIC_DEFAULT,
    simSeed: e.SIM_SEED,
    translateUrl: e.TRANSLATE_URL || undefined,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD || undefined,
    demo: e.DEMO !== '0' && e.DEMO !== 'false',
    demoPassword: e.DEMO_PASSWORD || undefined,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, '../../../web/dist')),
    tokenTtlMs: e.TOKEN_TTL_HOURS * 3600_000,
    trustProxy: e.TRUST_PROXY === '1' || e.TRUST_PROXY === 'true',
    schedulerPollMs: e.SCHEDULER_POLL_MS,
    schedulerLeaseMs: e.SCHEDULER_LEASE_MS,
    accountLeaseMs: e.ACCOUNT_LEASE_MS,
    allowPrivateNetwork: e.ALLOW_PRIVATE_NETWORK === '1' || e.ALLOW_PRIVATE_NETWORK === 'true',
  };
}
