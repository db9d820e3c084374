import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  MATERIAL_FILE_MAX_BYTES,
  MATERIAL_IMAGES_PER_UPLOAD,
  MATERIAL_READ_PERMISSIONS,
  materialAddBody,
  materialDeleteBody,
  materialEditBody,
  materialFolderAddBody,
  materialFolderEditBody,
  materialFolderList,
  materialFromMessageBody,
  materialIdBody,
  materialItem,
  materialListBody,
  materialListResult,
  materialSendBody,
  materialUploadResult,
  richSendResult,
} from '@cst/shared';
import type { Uses } from '../../platform/deps.ts';
import { access, defineRoute } from '../../platform/http.ts';
import { withMultipart } from '../files/index.ts';
import type { MaterialService } from './material.service.ts';

const tags = ['material'];
const read = access.any(...MATERIAL_READ_PERMISSIONS);
const manage = access.can('library.manage');
const idResult = z.object({ id: z.string() });
declare module '../../platform/deps.ts' {
  interface Services {
    /** The material service of a server instance (for features that send material). */
    material: MaterialService;
  }
}

/** The material library (issue 18 §1): folders, items, uploads, from a chat, send. */
export function registerMaterialRoutes(
  app: FastifyInstance,
  deps: Uses<'material' | 'realtime' | 'runtime' | 'storage'>,
): void {
  const service = deps.material;
  const base = '/main-api/material';

  defineRoute(app, {
    method: 'POST',
    url: `${base}/folder/list`,
    access: read,
    tags,
    summary: 'The tenant’s material folders with their item counts',
    response: materialFolderList,
    handler: ({ auth }) => service.folders(auth),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${base}/folder/add`,
    access: manage,
    tags,
    body: materialFolderAddBody,
    response: idResult,
    handler: ({ auth, body }) => service.addFolder(auth, body.name),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${base}/folder/edit`,
    access: manage,
    tags,
    body: materialFolderEditBody,
    response: idResult,
    handler: ({ auth, body }) => service.renameFolder(auth, body.id, body.name),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${base}/folder/del`,
    access: manage,
    tags,
    summary: 'Delete a folder and its items',
    body: materialIdBody,
    response: idResult,
    handler: ({ auth, body }) => service.deleteFolder(auth, body.id),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${base}/list`,
    access: read,
    tags,
    summary: 'Items newest first, by folder, type (SPEC §3 material types) and keyword',
    body: materialListBody,
    response: materialListResult,
    handler: ({ auth, body }) => service.list(auth, body),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${base}/add`,
    access: manage,
    tags,
    summary: 'Add a text (1), shared link (6) or mini-program (7)',
    body: materialAddBody,
    response: materialItem,
    handler: ({ auth, body }) => service.add(auth, body),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${base}/edit`,
    access: manage,
    tags,
    body: materialEditBody,
    response: materialItem,
    handler: ({ auth, body }) => service.edit(auth, body),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${base}/del`,
    access: manage,
    tags,
    body: materialDeleteBody,
    response: z.object({ deleted: z.number() }),
    handler: ({ auth, body }) => service.remove(auth, body.ids),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${base}/from-message`,
    access: manage,
    tags,
    summary: 'Add a chat message (text, picture, file, voice, video, article, mini-program)',
    body: materialFromMessageBody,
    response: materialItem,
    handler: ({ auth, body }) => service.fromMessage(auth, body),
  });
  defineRoute(app, {
    method: 'POST',
    url: `${base}/send`,
    access: access.can('conversation.send'),
    tags,
    summary: 'Send an item into a conversation (through the outbox)',
    body: materialSendBody,
    response: richSendResult,
    handler: ({ auth, body }) => service.send(auth, body),
  });

  withMultipart(
    app,
    MATERIAL_FILE_MAX_BYTES,
    (scope) => {
      defineRoute(scope, {
        method: 'POST',
        url: `${base}/upload`,
        access: manage,
        tags,
        summary:
          'Upload (multipart: folderId, then `file` parts): up to 9 pictures (≤5M, ≥200×200), ' +
          'or one video (≤10M, ≤30 s), or one voice or document (≤10M)',
        response: materialUploadResult,
        handler: ({ auth, req }) => service.upload(auth, req),
      });
    },
    MATERIAL_IMAGES_PER_UPLOAD + 1,
  );
}
