import type { Deps } from '../../platform/deps.ts';
import { periodicJob } from '../../scheduler/periodic.ts';
import { job, type ServerModule } from '../module.ts';
import { HOURS_CHANNEL } from '../robots/index.ts';
import { registerAiRoutes } from './ai.routes.ts';
import { AiService } from './ai.service.ts';
import { AiRobotJob } from './ai-robot.job.ts';
import { AiRobotService } from './ai-robot.service.ts';
import { AI_ROBOT_CHANNEL, aiRobotOf, CATCH_UP_EVERY_MS } from './ai-robot.ts';

/**
 * AI (issue 33, docs/ai.md): the provider seam, reply drafts and summaries, the AI robot (after
 * the robots module, so keyword rules see a message first), voice to text. Nothing needs it: with
 * no provider its routes answer 409 and the robot queues nothing.
 */
export function aiModule(deps: Deps): ServerModule {
  const ai = new AiService(deps);
  const robot = aiRobotOf(deps);
  const robots = new AiRobotService(deps);
  const pending = new Set<Promise<void>>();
  return {
    name: 'ai',
    jobs: [
      job(new AiRobotJob(deps)),
      // Replies a killed process held in memory (docs/ai.md "The reply queue").
      job(periodicJob('aiRobotCatchUp', CATCH_UP_EVERY_MS, (d, at) => aiRobotOf(d).catchUp(at))),
    ],
    on: {
      message: async (ev, account) => {
        await robot.onMessage(ev, account);
      },
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
    // Replies waiting in memory are queued and summaries under way finish before the database
    // closes.
    stop: async () => {
      await robot.flushLogged();
      await Promise.all([...pending]);
    },
  };
}
