import type { Uses } from '../../platform/deps.ts';
import { periodicJob } from '../../scheduler/periodic.ts';
import { job, type ServerModule } from '../module.ts';
import { HOURS_CHANNEL } from '../robots/index.ts';
import { registerAiRoutes } from './ai.routes.ts';
import { AiService } from './ai.service.ts';
import { AiRobotJob } from './ai-robot.job.ts';
import { AiRobotService } from './ai-robot.service.ts';
import { AI_ROBOT_CHANNEL, CATCH_UP_EVERY_MS } from './ai-robot.ts';

/**
 * AI (issue 33, docs/ai.md): the provider seam, reply drafts and summaries, the AI robot (deciding
 * once a message is stored, after the service module's reopening and assignment; keyword rules
 * win by their match, whenever the keyword engine sees the message), voice to text. Nothing needs
 * it: with no provider its routes answer 409 and the robot queues nothing.
 */
export function aiModule(
  deps: Uses<'ai' | 'aiRobot' | 'media' | 'realtime' | 'runtime' | 'scheduler' | 'storage'>,
): ServerModule {
  const ai = new AiService(deps);
  const robot = deps.aiRobot;
  const robots = new AiRobotService(deps);
  const pending = new Set<Promise<void>>();
  return {
    name: 'ai',
    jobs: [
      job(new AiRobotJob(deps)),
      // Messages whose decision failed (docs/ai.md "The reply queue").
      job(periodicJob('aiRobotCatchUp', CATCH_UP_EVERY_MS, (_, at) => robot.catchUp(at))),
    ],
    on: {
      // Decided on once stored, in the store's transaction (docs/ai.md "The reply queue").
      inboundStored: (stored) => robot.onStored(stored),
      messageDispatched: (row, conv) => robot.onSeatMessage(row, conv),
      // The summary takes the model's time: never the assignment's answer's.
      'conversation.assigned': (ev) => {
        const run = ai
          .onAssigned(ev)
          .catch((err: unknown) => deps.log.warn({ err }, 'summary of an assigned chat failed'))
          .finally(() => pending.delete(run));
        pending.add(run);
      },
    },
    bus: {
      [AI_ROBOT_CHANNEL]: () => robot.forget(),
      [HOURS_CHANNEL]: (tenantId) => robot.hours.forget(tenantId),
    },
    routes: (app) => registerAiRoutes(app, ai, robots),
    // Summaries under way finish before the database closes.
    stop: async () => {
      await Promise.all([...pending]);
    },
  };
}
