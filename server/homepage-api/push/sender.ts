/**
 * Sending one Web Push notification (RFC 8030) with the server's VAPID keys (RFC 8292),
 * its payload encrypted aes128gcm for the subscription's keys (RFC 8291), by web-push.
 * The sender is a function so tests and other transports can stand in for it.
 */
import type { Agent } from 'node:https';
import webPush from 'web-push';
import type { VapidKeys } from '../settings.ts';

/** What the service worker shows: a title, a text and the portal page to open on tap. */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
}

/** A stored subscription: the endpoint and the browser's keys. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushDelivery {
  /** Seconds the push service keeps the message for an offline device. */
  ttlS: number;
  /** A later message of the same topic replaces an undelivered one (≤ 32 base64url characters). */
  topic: string;
}

export type PushOutcome =
  | { ok: true; status: number }
  /** gone: the push service says the subscription no longer exists (404, 410). */
  | { ok: false; gone: boolean; status: number | null };

export type PushSender = (target: PushTarget, message: PushMessage, delivery: PushDelivery) => Promise<PushOutcome>;

function statusOf(err: unknown): number | null {
  const status = typeof err === 'object' && err !== null ? (err as { statusCode?: unknown }).statusCode : undefined;
  return typeof status === 'number' ? status : null;
}

/**
 * The web-push sender. `agent`: the https.Agent of the requests (tests pass one that trusts
 * their local push service's certificate).
 */
export function webPushSender(vapid: VapidKeys, opts: { agent?: Agent; timeoutMs?: number } = {}): PushSender {
  return async (target, message, delivery) => {
    try {
      const res = await webPush.sendNotification(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(message),
        {
          vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
          contentEncoding: 'aes128gcm',
          TTL: delivery.ttlS,
          topic: delivery.topic,
          urgency: 'normal',
          timeout: opts.timeoutMs ?? 10_000,
          ...(opts.agent ? { agent: opts.agent } : {}),
        },
      );
      return { ok: true, status: res.statusCode };
    } catch (err) {
      const status = statusOf(err);
      return { ok: false, gone: status === 404 || status === 410, status };
    }
  };
}
