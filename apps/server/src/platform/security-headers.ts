import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import type { Config } from './config.ts';

/** The Permissions-Policy of every answer: the console uses none of these. */
export const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'display-capture=()',
].join(', ');

/** HSTS for answers that came over https (through a trusted proxy): one year. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The CSP of the swagger UI at /api-docs (its own pages and assets): like the console's, with
 * inline styles for its widgets and nothing else relaxed.
 */
export const API_DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** A Host header fit to name in a policy (name or address, optional port), else null. */
function hostOf(req: IncomingMessage): string | null {
  const host = req.headers.host;
  return typeof host === 'string' &&
    /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host)
    ? host
    : null;
}

/** The origin browsers upload to with STORAGE=s3 (presigned POST), else null. */
export function s3Origin(config: Config): string | null {
  if (config.storage !== 's3') return null;
  const base =
    config.s3.publicHost ??
    config.s3.endpoint ??
    `https://${config.s3.bucket}.s3.${config.s3.region}.amazonaws.com`;
  try {
    return new URL(base).origin;
  } catch {
    return null;
  }
}

/**
 * The CSP hashes of the inline scripts of the SPA's index.html (the build's first-screen preload
 * script), read once at start: the policy allows exactly those, no other inline script. A new
 * build of the SPA needs a restart of the server (as `npm start` does).
 */
export function inlineScriptHashes(webDist: string): string[] {
  let html: string;
  try {
    html = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  } catch {
    return [];
  }
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(m[1] ?? '') || !m[2]) continue;
    hashes.push(`'sha256-${createHash('sha256').update(m[2]).digest('base64')}'`);
  }
  return hashes;
}

/**
 * The console's Content-Security-Policy directives (helmet's form). Scripts only from the
 * console (and the index's own inline scripts, by hash); styles also inline (antd's CSS-in-JS writes <style> elements and style attributes);
 * images and media also from data: and blob: (previews, pasted pictures); connections to the
 * console, its websocket (/ws, named explicitly for browsers whose 'self' omits ws:) and the S3
 * upload origin; never framed, no plugins, no <base>.
 */
export function consoleCspDirectives(config: Config) {
  const upload = s3Origin(config);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...inlineScriptHashes(config.webDist)],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    mediaSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    workerSrc: ["'self'", 'blob:'],
    connectSrc: [
      "'self'",
      (req: IncomingMessage) => {
        const host = hostOf(req);
        return host ? `ws://${host} wss://${host}` : '';
      },
      ...(upload ? [upload] : []),
    ],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

/**
 * Security headers on every answer (pages, API, errors, 404s): the CSP above, X-Frame-Options
 * DENY, Referrer-Policy no-referrer, nosniff, a Permissions-Policy, and HSTS only when the request
 * came over https (`req.protocol` believes X-Forwarded-Proto only from a trusted proxy).
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: consoleCspDirectives(config) },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: false,
    xContentTypeOptions: true,
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onRequest', async (req, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}
