import type { FastifyInstance } from 'fastify';
import { noteBody, noteResult, noteSeatsBody, noteSeatsResult } from '@cst/shared';
import { access, defineRoute } from '../../platform/http.ts';
import type { NoteService } from './conversation-note.service.ts';

const tags = ['conversations'];

/** Private notes in a chat and the seats they may mention (API.md, Service flow). */
export function registerNoteRoutes(app: FastifyInstance, notes: NoteService): void {
  defineRoute(app, {
    method: 'POST',
    url: '/main-api/conv/note',
    access: access.can('conversation.send'),
    tags,
    summary: 'A private note in a chat: seats only, never sent to the platform',
    body: noteBody,
    response: noteResult,
    handler: ({ auth, body }) => notes.add(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/conv/note-seats',
    access: access.can('conversation.read'),
    tags,
    summary: 'The seats who see a chat (whom a note may mention)',
    body: noteSeatsBody,
    response: noteSeatsResult,
    handler: async ({ auth, body }) => ({ list: await notes.seats(auth, body.index_name) }),
  });
}
