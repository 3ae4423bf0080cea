/**
 * "Redis, else memory, and say so" (decision 0020), once for every feature that shares state
 * through Redis: while the link is ready the shared half runs; while it is not, or when the
 * command fails, this instance's memory answers instead, and the fallback is counted (and a
 * failure logged once per outage) by `RedisLink.fellBack`.
 */
import type { Redis } from 'ioredis';
import type { RedisFeature } from '../ops/metrics.ts';
import type { RedisLink } from './redis.ts';

export async function redisElseMemory<T>(
  link: RedisLink,
  feature: RedisFeature,
  shared: (redis: Redis) => Promise<T>,
  memory: () => T | Promise<T>,
): Promise<T> {
  if (!link.ready) {
    link.fellBack(feature);
    return memory();
  }
  let answer: T;
  try {
    answer = await shared(link.client);
  } catch (err) {
    link.fellBack(feature, err);
    return memory();
  }
  return answer;
}
