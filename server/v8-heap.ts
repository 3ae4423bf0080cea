/**
 * V8's settings for the servers' heaps, set before anything else is loaded (decision 0167):
 * each process entry (server/main.ts, server/homepage-api/main.ts) imports this module first.
 *
 * Allocation-site pretenuring off. Under a steady load V8 saw the objects of a homepage call
 * (undici's request and parsed headers, the client's try, the call's deadline) still alive at a
 * scavenge, and began allocating them in the old generation. Dead there, they still counted as
 * roots for the next scavenges, which then kept and promoted the young objects they pointed to:
 * ~6 MB promoted a scavenge at 1,750 gateway calls a second, scavenges of 10–21 ms instead of
 * 2–5, the heap climbing to the next full collection — the gateway's p99 and a few per cent of
 * every call's CPU. A request's objects live for a request: the young generation is their place.
 */
import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--no-allocation-site-pretenuring');
