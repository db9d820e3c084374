import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CHAT_FILE_MAX_BYTES,
  OSS_CONFIRM_PATH,
  ossConfirmBody,
  ossTokenResult,
  SLICE_PATHS,
  sliceUploadBody,
  sliceUploadState,
  UPLOAD_SLICE_BYTES,
  uploadResult,
} from '@cst/shared';
import type { Uses } from '../../platform/deps.ts';
import { access, defineRoute, envelope } from '../../platform/http.ts';
import type { FilesService } from './files.service.ts';
import { withMultipart } from './multipart.ts';
import { SliceUploads } from './slice-uploads.ts';

const tags = ['files'];
declare module '../../platform/deps.ts' {
  interface Services {
    /** The files service of a server instance. */
    files: FilesService;
  }
}

/** Storage tokens, the POST-policy upload endpoint and stored files (API.md Files). */
export function registerFilesRoutes(app: FastifyInstance, deps: Uses<'files' | 'storage'>): void {
  const files = deps.files;

  for (const url of ['/main-api/oss/token', '/main-api/cos/token']) {
    defineRoute(app, {
      method: 'GET',
      url,
      access: access.user,
      tags,
      summary: 'A signed upload policy into the tenant folder (valid 1 hour)',
      response: ossTokenResult,
      handler: ({ auth }) => files.token(auth),
    });
  }

  defineRoute(app, {
    method: 'POST',
    url: OSS_CONFIRM_PATH,
    access: access.user,
    tags,
    summary:
      'STORAGE=s3: check a file POSTed straight to the bucket (type, size, picture) and keep it',
    body: ossConfirmBody,
    response: uploadResult,
    handler: ({ auth, body }) => files.confirm(auth, body.key),
  });

  withMultipart(app, CHAT_FILE_MAX_BYTES, (scope) => {
    defineRoute(scope, {
      method: 'POST',
      url: '/oss-api',
      // The signed policy is the credential, as on OSS/S3; no session token is needed.
      access: access.public,
      tags,
      summary:
        'Multipart upload: key, OSSAccessKeyId, policy, signature, success_action_status, file',
      response: uploadResult,
      raw: true,
      handler: async ({ req, reply, lang }) => {
        const { status, file } = await files.upload(req);
        if (status === 204) return reply.code(204).send();
        return reply.code(status).send(envelope('/oss-api', file, lang));
      },
    });
  });

  // Uploads in 1 MB slices that resume after a dropped connection (the caller's own folder).
  const slices = new SliceUploads(deps, files);
  defineRoute(app, {
    method: 'POST',
    url: SLICE_PATHS.status,
    access: access.user,
    tags,
    summary: 'A sliced upload: its slice count and the slices that arrived (resume from there)',
    body: sliceUploadBody,
    response: sliceUploadState,
    handler: ({ auth, body }) => slices.status(auth, body),
  });
  withMultipart(app, UPLOAD_SLICE_BYTES, (scope) => {
    defineRoute(scope, {
      method: 'POST',
      url: SLICE_PATHS.put,
      access: access.user,
      tags,
      summary: 'One 1 MB slice of a file (multipart: key, size, index, file); idempotent',
      response: sliceUploadState,
      handler: ({ auth, req }) => slices.put(auth, req),
    });
  });
  defineRoute(app, {
    method: 'POST',
    url: SLICE_PATHS.complete,
    access: access.user,
    tags,
    summary: 'Join the slices into the file, checked like any upload (type, size, picture)',
    body: sliceUploadBody,
    response: uploadResult,
    handler: ({ auth, body }) => slices.complete(auth, body),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/oss-api/*',
    access: access.user,
    tags,
    summary: 'A stored file of the caller’s tenant (session header or the file cookie)',
    params: z.object({ '*': z.string().max(1024) }),
    querystring: z.object({
      download: z.string().max(1).optional(),
    }),
    response: z.null(),
    raw: true,
    handler: async ({ auth, params, req, reply }) => {
      await files.serve(auth, params['*'], req, reply);
      return null;
    },
  });
}
