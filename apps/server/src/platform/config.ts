import path from 'node:path';
import ipaddr from 'ipaddr.js';
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
  AI_BASE_URL: z
    .string()
    .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), 'must be an http(s) address')
    .optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().optional(),
  AI_STT_MODEL: z.string().optional(),
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
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
  SIM_TRAFFIC_MAX: z.coerce.number().int().min(0).max(6000).default(60),
  SIM_TRAFFIC_TENANT_MAX: z.coerce.number().int().min(0).max(1_000_000).default(600),
  LOGIN_RECORD_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(180),
  BACKUP_DIR: z.string().optional(),
  BACKUP_EVERY: z
    .string()
    .default('daily')
    .refine((v) => parseEvery(v) !== undefined, 'daily, hourly, off, or a number of hours ("6h")'),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(7),
  BACKUP_S3_OBJECTS: z.enum(['list', 'copy']).default('list'),
});

/** BACKUP_EVERY as milliseconds: null when off, undefined when not understood. */
export function parseEvery(raw: string): number | null | undefined {
  const v = raw.trim().toLowerCase();
  if (v === 'off' || v === '0') return null;
  if (v === 'daily') return 86_400_000;
  if (v === 'hourly') return 3_600_000;
  const m = /^(\d+(?:\.\d+)?)\s*([hdm])$/.exec(v);
  if (!m) return undefined;
  const n = Number(m[1]);
  if (n <= 0) return undefined;
  return Math.round(n * { m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] as 'm' | 'h' | 'd']);
}

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
  /**
   * The platform's AI provider (docs/ai.md): an OpenAI-compatible endpoint (AI_BASE_URL, e.g.
   * `https://api.openai.com/v1`), its key, chat model and optional transcription model; null
   * when AI_BASE_URL or AI_MODEL is unset (a tenant may still set its own). `timeoutMs` bounds
   * one request (AI_TIMEOUT_MS, default 60 s).
   */
  ai: {
    baseUrl: string;
    apiKey: string;
    model: string;
    sttModel: string | null;
  } | null;
  aiTimeoutMs: number;
  adminUsername: string;
  adminPassword: string | undefined;
  demo: boolean;
  demoPassword: string | undefined;
  logLevel: string;
  webDist: string;
  tokenTtlMs: number;
  /**
   * Which proxies' X-Forwarded-For entries are believed (TRUST_PROXY): `false` none, a hop count
   * (1 = the address the nearest proxy saw), or the proxies' addresses and CIDR ranges.
   */
  trustProxy: false | number | string[];
  /** How long sign-in records are kept (LOGIN_RECORD_RETENTION_DAYS, default 180 days). */
  loginRecordRetentionMs: number;
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
   * loopback, private and link-local addresses (a self-hoster's proxy on the LAN). Off by default.
   */
  allowPrivateNetwork: boolean;
  /** SIM_TRAFFIC_MAX: the highest `trafficPerMinute` (per online account) /sim-api/config takes. */
  simTrafficMax: number;
  /** SIM_TRAFFIC_TENANT_MAX: simulated inbound messages per minute per tenant, all accounts. */
  simTrafficTenantMax: number;
  /**
   * Backups of the embedded database (docs/operations.md): where the scheduled and pre-upgrade
   * archives go (BACKUP_DIR, default `backups` beside DATA_DIR), how often (BACKUP_EVERY, default
   * daily; null when off) and how many scheduled ones are kept (BACKUP_KEEP, default 7). With
   * STORAGE=s3, `copyObjects` (BACKUP_S3_OBJECTS=copy) puts the bucket's objects in the archive
   * too; by default it lists them only.
   */
  backup: { dir: string; everyMs: number | null; keep: number; copyObjects?: boolean };
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
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
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
    ai:
      e.AI_BASE_URL && e.AI_MODEL
        ? {
            baseUrl: e.AI_BASE_URL,
            apiKey: e.AI_API_KEY ?? '',
            model: e.AI_MODEL,
            sttModel: e.AI_STT_MODEL || null,
          }
        : null,
    aiTimeoutMs: e.AI_TIMEOUT_MS,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD || undefined,
    demo: e.DEMO !== '0' && e.DEMO !== 'false',
    demoPassword: e.DEMO_PASSWORD || undefined,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, '../../../web/dist')),
    tokenTtlMs: e.TOKEN_TTL_HOURS * 3600_000,
    trustProxy,
    loginRecordRetentionMs: e.LOGIN_RECORD_RETENTION_DAYS * 86400_000,
    schedulerPollMs: e.SCHEDULER_POLL_MS,
    schedulerLeaseMs: e.SCHEDULER_LEASE_MS,
    accountLeaseMs: e.ACCOUNT_LEASE_MS,
    allowPrivateNetwork: e.ALLOW_PRIVATE_NETWORK === '1' || e.ALLOW_PRIVATE_NETWORK === 'true',
    simTrafficMax: e.SIM_TRAFFIC_MAX,
    simTrafficTenantMax: e.SIM_TRAFFIC_TENANT_MAX,
    backup: {
      dir: path.resolve(
        e.BACKUP_DIR ?? path.join(path.dirname(path.resolve(e.DATA_DIR)), 'backups'),
      ),
      everyMs: parseEvery(e.BACKUP_EVERY) ?? null,
      keep: e.BACKUP_KEEP,
      copyObjects: e.BACKUP_S3_OBJECTS === 'copy',
    },
  };
}

/**
 * TRUST_PROXY: `0`/empty/`false` trusts no proxy (the socket address is the client); a whole
 * number N trusts N hops (`1`, or its old spelling `true`: the address the nearest proxy saw,
 * the last X-Forwarded-For entry); a comma list of addresses and CIDR ranges trusts exactly
 * those proxies. Anything else stops the start: trusting every hop lets a client pick its address.
 */
export function parseTrustProxy(raw: string): false | number | string[] {
  const v = raw.trim();
  if (v === '' || v === '0' || v === 'false') return false;
  if (v === 'true') return 1;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > 32) throw badTrustProxy(`"${v}" hops is not a plausible proxy chain`);
    return hops;
  }
  const list = v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  for (const item of list) {
    const ok = item.includes('/') ? isCidr(item) : ipaddr.isValid(item);
    if (!ok) throw badTrustProxy(`"${item}" is not an address or a CIDR range`);
  }
  return list;
}

function isCidr(item: string): boolean {
  try {
    ipaddr.parseCIDR(item);
    return true;
  } catch {
    return false;
  }
}

function badTrustProxy(why: string): Error {
  return new Error(
    `Invalid configuration:\nTRUST_PROXY: ${why}; use a hop count (1) or the proxies' addresses (10.0.0.2,10.1.0.0/16)`,
  );
}
