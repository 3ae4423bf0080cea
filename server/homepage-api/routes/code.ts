/** /code: code lookup (60/2 = login redirect URL, decisions D2) and region codes. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CodeAnswer, CodeParams, RegionListAnswer, RegionParamsA, RegionParamsAB, type Region,
} from '#shared/contract/index.ts';
import { apiMessages } from '#shared/messages-api.ts';
import { errorAnswers, notFound } from '../errors.ts';
import { int, str, strOrNull, type Row } from '../store/rows.ts';

function toRegion(r: Row): Region {
  return {
    region_code: str(r, 'region_code'),
    region_name: str(r, 'region_name'),
    parent_code: strOrNull(r, 'parent_code'),
    level: int(r, 'level'),
    has_children: int(r, 'has_children') === 1,
  };
}

export const codeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, settings } = app;
  const getCode = db.prepare('SELECT code_name, code_value FROM codes WHERE code_group = ? AND code = ?');
  const regionCols = `region_code, region_name, parent_code, level,
      EXISTS (SELECT 1 FROM regions c WHERE c.parent_code = r.region_code) AS has_children`;
  const getRegion = db.prepare(`SELECT ${regionCols} FROM regions r WHERE region_code = ?`);
  const children = db.prepare(`SELECT ${regionCols} FROM regions r WHERE parent_code = ? ORDER BY sort_order, region_code`);

  app.get(
    '/:group/:code',
    {
      schema: {
        tags: ['code'],
        summary: '코드 조회 (60/2: 로그인 이동 주소)',
        params: CodeParams,
        response: { 200: CodeAnswer, ...errorAnswers(400, 404) },
      },
    },
    (req) => {
      const { group, code } = req.params;
      const r = getCode.get(group, code);
      if (r) return { result: 'success' as const, code_value: str(r, 'code_value'), code_name: str(r, 'code_name') };
      if (group === '60' && code === '2') {
        return { result: 'success' as const, code_value: settings.loginRedirectUrl, code_name: '로그인 이동 주소' };
      }
      throw notFound(apiMessages.code.notFound);
    },
  );

  function list(parentCode: string) {
    const parent = getRegion.get(parentCode);
    if (!parent) throw notFound(apiMessages.code.regionNotFound);
    return { result: 'success' as const, parent: toRegion(parent), region_list: children.all(parentCode).map(toRegion) };
  }

  app.get(
    '/local/:a',
    {
      schema: {
        tags: ['code'],
        summary: '하위 지역 코드 (43 → 시·군, 43110 → 구)',
        params: RegionParamsA,
        response: { 200: RegionListAnswer, ...errorAnswers(400, 404) },
      },
    },
    (req) => list(req.params.a),
  );

  app.get(
    '/local/:a/:b',
    {
      schema: {
        tags: ['code'],
        summary: '시·도 a 안의 시·군·구 b의 하위 지역(읍·면·동 또는 구)',
        params: RegionParamsAB,
        response: { 200: RegionListAnswer, ...errorAnswers(400, 404) },
      },
    },
    (req) => {
      const { a, b } = req.params;
      // b must lie inside a: walk up from b.
      let cur: string | null = b;
      let inside = false;
      for (let i = 0; cur && i < 5; i++) {
        if (cur === a) {
          inside = a !== b;
          break;
        }
        const r: Row | undefined = getRegion.get(cur);
        cur = r ? strOrNull(r, 'parent_code') : null;
      }
      if (!inside) throw notFound(apiMessages.code.regionNotFound);
      return list(b);
    },
  );
};
