/**
 * Building blocks shared by every homepage API answer (decisions D2):
 * JSON with `result: "success" | "error"`; an error answer carries a Korean `msg`.
 */
import { Type, type Static, type TSchema, type TProperties } from 'typebox';

export const YesNo = Type.Union([Type.Literal('Y'), Type.Literal('N')], {
  description: '"Y" 또는 "N"',
});
export type YesNo = Static<typeof YesNo>;

export const ErrorAnswer = Type.Object(
  {
    result: Type.Literal('error'),
    msg: Type.String({ description: '회원에게 그대로 보여 주는 한국어 안내문' }),
  },
  { $id: 'ErrorAnswer' },
);
export type ErrorAnswer = Static<typeof ErrorAnswer>;

/** A success answer: `result: "success"` plus the given fields. */
export function Success<P extends TProperties>(properties: P, options: { $id?: string; description?: string } = {}) {
  return Type.Object({ result: Type.Literal('success'), ...properties }, options);
}

/** Any homepage API answer as the portal sees it before it knows the call. */
export const AnyAnswer = Type.Object(
  {
    result: Type.Union([Type.Literal('success'), Type.Literal('error')]),
    msg: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);
export type AnyAnswer = Static<typeof AnyAnswer>;

/** Date-time as ISO 8601 text with offset, e.g. 2026-11-21T09:00:00+09:00. */
export const DateTime = Type.String({ format: 'date-time' });

export type { Static, TSchema };
