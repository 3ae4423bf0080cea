/** /code: code lookup (60/2 = login redirect URL, docs/decisions/D2-answers-and-codes.md) and region codes. */
import type { FastifyInstance } from 'fastify';
import type { Handlers } from '../operation-table.ts';
import { apiMessages } from '#shared/messages-api.ts';
import { notFound } from '../errors.ts';

export function codeHandlers(app: FastifyInstance) {
  const { stores, settings } = app;

  async function list(parentCode: string) {
    const parent = await stores.codes.region(parentCode);
    if (!parent) throw notFound(apiMessages.code.regionNotFound);
    return { result: 'success' as const, parent, region_list: await stores.codes.children(parentCode) };
  }

  return {
    getCodeByGroupAndCode: {
      summary: '코드 조회 (60/2: 로그인 이동 주소)',
      handle: async (req) => {
        const { group, code } = req.params;
        const c = await stores.codes.code(group, code);
        if (c) return { result: 'success' as const, code_value: c.value, code_name: c.name };
        if (group === '60' && code === '2') {
          return { result: 'success' as const, code_value: settings.loginRedirectUrl, code_name: apiMessages.code.loginRedirectName };
        }
        throw notFound(apiMessages.code.notFound);
      },
    },
    getCodeLibraries: {
      summary: '충청북도 공공도서관 목록 (대출 인증의 도서관 선택, 시·군·구 필터)',
      handle: async (req) => ({
        result: 'success' as const,
        library_list: await Promise.all((await stores.codes.libraries(req.query.city_code ?? null)).map(async (l) => ({
          library_code: l.code,
          library_name: l.name,
          city_code: l.cityCode,
          city_name: await stores.codes.cityName(l.cityCode),
        }))),
      }),
    },
    getCodeLocalByA: {
      summary: '하위 지역 코드 (43 → 시·군, 43110 → 구)',
      handle: (req) => list(req.params.a),
    },
    getCodeLocalByAAndB: {
      summary: '시·도 a 안의 시·군·구 b의 하위 지역(읍·면·동 또는 구)',
      handle: async (req) => {
        const { a, b } = req.params;
        if (!await stores.codes.within(b, a)) throw notFound(apiMessages.code.regionNotFound);
        return list(b);
      },
    },
  } satisfies Partial<Handlers>;
}
