/** /code: code lookup (60/2 = login redirect URL, docs/decisions/D2-answers-and-codes.md) and region codes. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CodeAnswer, CodeParams, LibraryListAnswer, LibraryQuery, RegionListAnswer, RegionParamsA, RegionParamsAB,
} from '#shared/contract/index.ts';
import { apiMessages } from '#shared/messages-api.ts';
import { errorAnswers, notFound } from '../errors.ts';

export const codeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { stores, settings } = app;

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
    async (req) => {
      const { group, code } = req.params;
      const c = await stores.codes.code(group, code);
      if (c) return { result: 'success' as const, code_value: c.value, code_name: c.name };
      if (group === '60' && code === '2') {
        return { result: 'success' as const, code_value: settings.loginRedirectUrl, code_name: apiMessages.code.loginRedirectName };
      }
      throw notFound(apiMessages.code.notFound);
    },
  );

  app.get(
    '/libraries',
    {
      schema: {
        tags: ['code'],
        summary: '충청북도 공공도서관 목록 (대출 인증의 도서관 선택, 시·군·구 필터)',
        querystring: LibraryQuery,
        response: { 200: LibraryListAnswer, ...errorAnswers(400) },
      },
    },
    async (req) => ({
      result: 'success' as const,
      library_list: await Promise.all((await stores.codes.libraries(req.query.city_code ?? null)).map(async (l) => ({
        library_code: l.code,
        library_name: l.name,
        city_code: l.cityCode,
        city_name: await stores.codes.cityName(l.cityCode),
      }))),
    }),
  );

  async function list(parentCode: string) {
    const parent = await stores.codes.region(parentCode);
    if (!parent) throw notFound(apiMessages.code.regionNotFound);
    return { result: 'success' as const, parent, region_list: await stores.codes.children(parentCode) };
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
    async (req) => {
      const { a, b } = req.params;
      if (!await stores.codes.within(b, a)) throw notFound(apiMessages.code.regionNotFound);
      return list(b);
    },
  );
};
