/**
 * Points expire at the end of the programme year (domain.md "Spending"). Lazily, inside
 * a write transaction: every earlier year whose entries still sum above zero gets an
 * expire entry dated its 31 December, so that year nets to zero (decision 0102).
 */
import type { Stores } from '../store/index.ts';
import { apiMessages } from '#shared/messages-api.ts';

export async function settleExpiry(stores: Stores, memberId: number, currentYear: string): Promise<void> {
  for (const { year, net } of await stores.points.unsettledYears(memberId, currentYear)) {
    const day = `${year}-12-31`;
    await stores.points.add({
      memberId, entryType: 'expire', activityId: null, points: -net, reason: apiMessages.ledger.expire(year), day,
      at: Date.parse(`${day}T23:59:59+09:00`),
    });
  }
}
