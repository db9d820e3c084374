import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  aiCapability,
  aiConversationBody,
  aiReplyGetBody,
  aiReplySaveBody,
  aiReplySettings,
  aiSettingsSaveBody,
  aiSettingsTestBody,
  aiSettingsTestResult,
  aiSettingsView,
  aiSuggestResult,
  aiSummaryResult,
  aiUsageBody,
  aiUsageView,
  type AiStreamFrame,
} from '@cst/shared';
import { access, defineRoute } from '../../platform/http.ts';
import { messageOf } from './ai.provider.ts';
import type { AiService } from './ai.service.ts';
import type { AiRobotService } from './ai-robot.service.ts';

const tags = ['ai'];

function frame(f: AiStreamFrame): string {
  return `event: ${f.event}\ndata: ${JSON.stringify(f.data)}\n\n`;
}

/** The AI routes (API.md "AI"); without a provider they answer 409 「未配置 AI 服务」. */
export function registerAiRoutes(
  app: FastifyInstance,
  ai: AiService,
  robots: AiRobotService,
): void {
  defineRoute(app, {
    method: 'POST',
    url: '/main-api/ai/capability',
    access: access.user,
    tags,
    summary: "Whether AI works for the caller's tenant, and why not",
    response: aiCapability,
    handler: ({ auth, lang }) => ai.capability(auth, lang),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/ai/suggest',
    access: access.can('conversation.send'),
    tags,
    summary: '1–3 reply drafts in the conversation’s language',
    body: aiConversationBody,
    response: aiSuggestResult,
    handler: ({ auth, body }) => ai.suggest(auth, body.index_name),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/ai/suggest-stream',
    access: access.can('conversation.send'),
    tags,
    summary:
      'The drafts streamed (text/event-stream): `delta` {text}, then `done` {suggestions} or `error` {message}',
    body: aiConversationBody,
    response: z.null(),
    raw: true,
    handler: async ({ auth, body, reply, req, lang }) => {
      const res = reply.raw;
      const gone = new AbortController();
      res.on('close', () => gone.abort());
      let started = false;
      const start = () => {
        if (started) return;
        started = true;
        reply.hijack();
        res.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          'x-accel-buffering': 'no',
        });
      };
      try {
        const out = await ai.suggest(
          auth,
          body.index_name,
          (text) => {
            start();
            res.write(frame({ event: 'delta', data: { text } }));
          },
          gone.signal,
        );
        start();
        res.end(frame({ event: 'done', data: out }));
      } catch (err) {
        // Before the first piece the error is an ordinary answer (409 with its message).
        if (!started) throw err;
        req.log.warn({ err }, 'ai suggestion stream failed');
        res.end(frame({ event: 'error', data: { message: messageOf(err, lang) } }));
      }
      return null;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/ai/summary',
    access: access.can('conversation.read'),
    tags,
    summary: 'A summary of the conversation',
    body: aiConversationBody,
    response: aiSummaryResult,
    handler: ({ auth, body, lang }) => ai.summary(auth, body.index_name, lang),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/ai/settings/get',
    access: access.can('ai.manage'),
    tags,
    summary: "The tenant's AI provider, budget and this month's usage (the key as a hint)",
    response: aiSettingsView,
    handler: ({ auth }) => ai.settings(auth),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/ai/usage',
    access: access.any('ai.manage', 'billing.manage'),
    tags,
    summary: "A month's AI usage by feature, with the budget (shown beside the bill)",
    body: aiUsageBody,
    response: aiUsageView,
    handler: ({ auth, body }) => ai.usage(auth, body.month),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/ai/settings/save',
    access: access.can('ai.manage'),
    tags,
    summary: "Saves the tenant's AI provider (key sealed) and monthly token budget",
    body: aiSettingsSaveBody,
    response: aiSettingsView,
    handler: ({ auth, body }) => ai.saveSettings(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/main-api/ai/settings/test',
    access: access.can('ai.manage'),
    tags,
    summary: '测试连接: one tiny completion on the given (or saved) provider',
    body: aiSettingsTestBody,
    response: aiSettingsTestResult,
    handler: ({ auth, body, lang }) => ai.test(auth, body, lang),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/task-api/ai-reply/save',
    access: access.can('autoreply.manage'),
    tags,
    summary: 'The AI robot of work accounts',
    body: aiReplySaveBody,
    response: aiReplySettings,
    handler: ({ auth, body }) => robots.save(auth, body),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/task-api/ai-reply/get',
    access: access.can('autoreply.manage'),
    tags,
    summary: "One account's AI robot, or the accounts whose robot is on",
    body: aiReplyGetBody,
    response: aiReplySettings,
    handler: ({ auth, body }) => robots.get(auth, body.workWxid),
  });
}
