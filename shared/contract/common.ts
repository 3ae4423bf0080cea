/**
 * Building blocks shared by every homepage API answer (docs/decisions/D2-answers-and-codes.md):
 * JSON with `result: "success" | "error"`; an error answer carries a Korean `msg`.
 */
import { ISBN13_PATTERN } from './programme.ts';
import { Type, type Static, type TSchema, type TProperties } from 'typebox';

export const YesNo = Type.Union([Type.Literal('Y'), Type.Literal('N')], {
  description: '"Y" 또는 "N"',
});
export type YesNo = Static<typeof YesNo>;

export const ErrorAnswer = Type.Object(
  {
    result: Type.Literal('error'),
    msg: Type.String({ description: '회원에게 그대로 보여 주는 한국어 안내문' }),
    code: Type.Optional(
      Type.String({ description: '기계가 읽는 오류 코드. token_expired: 접근 토큰 만료(새로 발급받아 한 번 다시 요청). ' +
        'idempotency_in_progress(409): 같은 Idempotency-Key의 첫 요청이 아직 처리 중. idempotency_key_reused(422): 같은 키로 다른 요청을 이미 보냄. ' +
        'rule_violated(400): 스키마에는 맞지만 작업의 규칙(오늘 이후의 날짜, 기간의 순서, 글자 수 등)에 어긋남' }),
    ),
  },
  { title: 'ErrorAnswer' },
);
export type ErrorAnswer = Static<typeof ErrorAnswer>;

/** A success answer: `result: "success"` plus the given fields. */
export function Success<P extends TProperties>(properties: P, options: { title?: string; description?: string } = {}) {
  return Type.Object({ result: Type.Literal('success'), ...properties }, options);
}

/** Any homepage API answer as the portal sees it before it knows the call. */
export const AnyAnswer = Type.Object(
  {
    result: Type.Union([Type.Literal('success'), Type.Literal('error')]),
    msg: Type.Optional(Type.String()),
    code: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);
export type AnyAnswer = Static<typeof AnyAnswer>;

/** Date-time as ISO 8601 text with offset, e.g. 2026-11-21T09:00:00+09:00. */
export const DateTime = Type.String({ format: 'date-time', description: 'ISO 8601, 한국 표준시(+09:00)' });

/** A calendar day, e.g. 2026-11-21 (Asia/Seoul). */
export const DateOnly = Type.String({ format: 'date', description: 'YYYY-MM-DD (한국 표준시 기준 날짜)' });

/** A month, e.g. 2026-11. */
export const Month = Type.String({ pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$', description: 'YYYY-MM' });

export const Isbn13 = Type.String({ pattern: ISBN13_PATTERN, description: 'ISBN-13 (숫자 13자리)' });

export function Nullable<T extends TSchema>(schema: T, options: { description?: string } = {}) {
  return Type.Union([schema, Type.Null()], options);
}

/** Query parameters of a paginated list whose page size defaults to `defaultSize`. */
export function pageQuery(defaultSize: number) {
  return {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1, description: '1부터 시작하는 페이지 번호' })),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: defaultSize, description: `페이지 크기(기본 ${defaultSize})` })),
  };
}

/** Query parameters of every paginated list (20 a page unless the list says otherwise). */
export const PageQuery = pageQuery(20);

/** Fields of every paginated answer. */
export const PageInfo = {
  page: Type.Integer({ minimum: 1 }),
  size: Type.Integer({ minimum: 0 }),
  total: Type.Integer({ minimum: 0 }),
};

/**
 * Optional period filter of lists (inclusive days). JSON Schema cannot compare two
 * fields: `from` after `to` is refused with 400 by the API, as the descriptions say.
 */
export const PeriodQuery = {
  from: Type.Optional(Type.String({ format: 'date', description: '조회 시작일 YYYY-MM-DD(포함). to보다 늦으면 400' })),
  to: Type.Optional(Type.String({ format: 'date', description: '조회 종료일 YYYY-MM-DD(포함). from보다 이르면 400' })),
};

export type { Static, TSchema };
