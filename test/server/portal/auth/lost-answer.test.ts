/**
 * A session survives a lost answer (issue 38, part 3; decision 0142), on one portal that holds
 * refreshed pairs in its memory: the scenario of test/fixtures/lost-answer.ts against the
 * reference API with 5 s access tokens.
 */
import t from 'tap';
import { lostAnswerScenario, startLostAnswerApi } from '#test/fixtures/lost-answer.ts';
import { buildTestPortal } from '#test/fixtures/portal.ts';

const world = await startLostAnswerApi();
const portal = await buildTestPortal(world.api.url, world.env, world.clock);
t.teardown(async () => {
  await portal.close();
  await world.api.close();
});

await lostAnswerScenario(t, world, { a: portal, b: portal });
