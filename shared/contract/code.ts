/** Code lookups (docs/product.md §7): GET /code/{group}/{code}, /code/local/{a}, /code/local/{a}/{b}. */
import { Type, type Static } from 'typebox';
import { Success } from './common.ts';

export const CodeParams = Type.Object({
  group: Type.String({ pattern: '^[0-9A-Za-z_]{1,20}$' }),
  code: Type.String({ pattern: '^[0-9A-Za-z_]{1,20}$' }),
});
export const CodeAnswer = Success({ code_value: Type.String(), code_name: Type.String() }, { title: 'CodeAnswer' });
export type CodeAnswer = Static<typeof CodeAnswer>;

export const Region = Type.Object({
  region_code: Type.String(),
  region_name: Type.String(),
  parent_code: Type.Union([Type.String(), Type.Null()]),
  level: Type.Integer({ minimum: 1, maximum: 4, description: '1 시·도, 2 시·군, 3 구, 4 읍·면·동' }),
  has_children: Type.Boolean(),
});
export type Region = Static<typeof Region>;

export const RegionParamsA = Type.Object({ a: Type.String({ pattern: '^[0-9]{2,10}$' }) });
export const RegionParamsAB = Type.Object({
  a: Type.String({ pattern: '^[0-9]{2,10}$' }),
  b: Type.String({ pattern: '^[0-9]{2,10}$' }),
});
export const RegionListAnswer = Success({ parent: Region, region_list: Type.Array(Region) }, { title: 'RegionListAnswer' });
export type RegionListAnswer = Static<typeof RegionListAnswer>;

/** GET /code/libraries: public libraries of the province, for loan records. */
export const LibraryQuery = Type.Object(
  { city_code: Type.Optional(Type.String({ pattern: '^[0-9]{5}$', description: '시·군 또는 청주시의 구. 청주시 43110은 네 구를 모두 포함' })) },
  { additionalProperties: false },
);
export const Library = Type.Object({
  library_code: Type.String({ description: '대출 인증(POST /activity/authentication/loan)의 library_code' }),
  library_name: Type.String(),
  city_code: Type.String(),
  city_name: Type.String({ description: '청주시 상당구, 충주시 …' }),
});
export type Library = Static<typeof Library>;
export const LibraryListAnswer = Success(
  { library_list: Type.Array(Library, { description: '시·군 순, 그 안에서는 도서관이 정한 순서' }) },
  { title: 'LibraryListAnswer' },
);
export type LibraryListAnswer = Static<typeof LibraryListAnswer>;
