/**
 * The homepage API contract: request and answer schemas declared once, used by the
 * reference API (validation and serialisation), the OpenAPI document and the portal
 * (types for pages and loaders). Only types cross into the browser bundle.
 */
export * from './common.ts';
export * from './board.ts';
export * from './auth.ts';
export * from './code.ts';
export * from './user.ts';
export * from './content.ts';
export * from './points.ts';
export * from './activity.ts';
export * from './books.ts';
export * from './bookclub.ts';
export * from './push.ts';
export * from './statistics.ts';
