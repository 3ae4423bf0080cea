/**
 * Seeded members (decision 0101). The named test members share the password
 * `chungbuk2026!`; their scrypt hashes were made with scripts/hash-password-api.ts so
 * the seed runs no scrypt at start. Generated members (for rankings, clubs and popular
 * books) have no usable password.
 */
export interface SeedMember {
  key: number;
  userId: string;
  userNo: string;
  userKey: string;
  name: string;
  hash: string;
  auth: string;
  phone: string | null;
  email: string | null;
  city: string;
  town: string | null;
  birthYear: number;
  status: 'active' | 'dormant' | 'withdrawn';
  validUntil: string;
  agree: 'Y' | 'N';
  notice: 'Y' | 'N';
  kakao: 'Y' | 'N';
  created: string;
}

/** SSO test token of reader01 (docs/decisions/D2-answers-and-codes.md): GET /auth/sso/{token}?userid=reader01&key=<user_key>. */
export const SSO_TEST = { token: 'sso-test-reader01-2026', userId: 'reader01', key: 'UK7F3A9C21D4E8' } as const;

export const NAMED_MEMBERS: readonly SeedMember[] = [
  {
    key: 1, userId: 'reader01', userNo: '2026000001', userKey: 'UK7F3A9C21D4E8', name: '김서연',
    hash: 'scrypt$16384$8$1$JsYJkE7s7cS_Ey2H-HVSfA$YjXcbJNqhUYDBupa-7wW4NqVxOdL7uQZU2km0KYmuIU',
    auth: 'ROLE_USER', phone: '010-2841-5730', email: 'kimseoyeon.cb@naver.com', city: '43111', town: '43111007',
    birthYear: 1988, status: 'active', validUntil: '2030-12-31', agree: 'Y', notice: 'Y', kakao: 'Y',
    created: '2026-01-12T10:15:00+09:00',
  },
  {
    key: 2, userId: 'reader02', userNo: '2026000002', userKey: 'UK2B8E5D0A17C3', name: '이준호',
    hash: 'scrypt$16384$8$1$OSo9_hhivMfSn1tBt9y82A$0Mst8asZSsbB6HacYXlWshJRnkt02i9VSlqVB9VH5W4',
    auth: 'ROLE_USER', phone: '010-7315-2098', email: null, city: '43130', town: '43130016',
    birthYear: 1995, status: 'active', validUntil: '2030-12-31', agree: 'N', notice: 'N', kakao: 'N',
    created: '2026-11-02T19:40:00+09:00',
  },
  {
    key: 3, userId: 'expired01', userNo: '2024000317', userKey: 'UK9C4D1E7F2A60', name: '박민지',
    hash: 'scrypt$16384$8$1$LKoyXtILs9aXw1PplCYm9Q$6xpCLBvaAg6KC9IvjFv6yzJcxrxKYcm5X73UhNdI-gA',
    auth: 'ROLE_USER', phone: '010-9402-6613', email: null, city: '43150', town: '43150009',
    birthYear: 1979, status: 'active', validUntil: '2025-12-31', agree: 'Y', notice: 'N', kakao: 'N',
    created: '2024-03-04T09:20:00+09:00',
  },
  {
    key: 4, userId: 'withdrawn01', userNo: '2025000122', userKey: 'UK5E0F3B8C6D91', name: '최동현',
    hash: 'scrypt$16384$8$1$gugQJyD6Dt0Jhp-bdMXb-w$VG3rC5h07erYgTnP0vvOSne2XmNMQSpWhWG0FkObpc0',
    auth: 'ROLE_USER', phone: null, email: null, city: '43720', town: null,
    birthYear: 1969, status: 'withdrawn', validUntil: '2030-12-31', agree: 'Y', notice: 'N', kakao: 'N',
    created: '2025-05-21T14:05:00+09:00',
  },
  {
    key: 5, userId: 'dormant01', userNo: '2023000458', userKey: 'UK1A6C9E2B4F07', name: '정은숙',
    hash: 'scrypt$16384$8$1$vKpEzrodaCn608bsY0kdXQ$OssP9KCoqQdDi8bG0Y_I87vpWvNSUuN9ADCBEWnyWvw',
    auth: 'ROLE_USER', phone: '010-5527-8841', email: null, city: '43740', town: '43740001',
    birthYear: 1958, status: 'dormant', validUntil: '2030-12-31', agree: 'Y', notice: 'Y', kakao: 'N',
    created: '2023-08-30T11:00:00+09:00',
  },
  {
    key: 6, userId: 'admin01', userNo: '2026900001', userKey: 'UK8D2F7A5C3E19', name: '한지훈',
    hash: 'scrypt$16384$8$1$CwnO7UIKcQ42LluIq6x5Ow$cScCW7_uCygaOb2Uc0y1TWNB2SyJKwG5YvCbDR73kHs',
    auth: 'ROLE_USER,ROLE_ADMIN', phone: '043-220-5600', email: 'reading@library.chungbuk.go.kr', city: '43111', town: '43111001',
    birthYear: 1983, status: 'active', validUntil: '2030-12-31', agree: 'Y', notice: 'N', kakao: 'N',
    created: '2026-01-02T09:00:00+09:00',
  },
];

const SURNAMES = ['김', '이', '박', '최', '정', '강', '조', '윤', '장', '임', '한', '오', '서', '신', '권', '황', '안', '송', '류', '홍', '남궁', '전', '고', '문', '양'];
const GIVEN = [
  '민준', '서준', '도윤', '예준', '시우', '하준', '지호', '주원', '지후', '준우', '서윤', '서연', '지우', '하은', '하윤', '민서',
  '지유', '윤서', '채원', '수아', '영숙', '정희', '미경', '상철', '동수', '은정', '혜진', '성민', '재현', '유진', '나연', '태윤',
];

/** Generated members 101…160: deterministic, realistic names, spread over the province. */
export function generatedMembers(): SeedMember[] {
  const cities = ['43111', '43112', '43113', '43114', '43130', '43150', '43720', '43730', '43740', '43745', '43750', '43760', '43770', '43800'];
  const out: SeedMember[] = [];
  for (let i = 0; i < 60; i++) {
    const key = 101 + i;
    const surname = SURNAMES[(i * 7) % SURNAMES.length] ?? '김';
    const given = GIVEN[(i * 11 + 3) % GIVEN.length] ?? '민준';
    const city = cities[i % cities.length] ?? '43111';
    out.push({
      key,
      userId: `member${String(key).padStart(3, '0')}`,
      userNo: `2026${String(key).padStart(6, '0')}`,
      userKey: `UKGEN${String(key).padStart(9, '0')}`,
      name: surname + given,
      hash: '!',
      auth: 'ROLE_USER',
      phone: null,
      email: null,
      city,
      town: `${city}${String((i % 2) + 1).padStart(3, '0')}`,
      birthYear: 1950 + ((i * 13) % 62),
      status: 'active',
      validUntil: '2030-12-31',
      agree: 'Y',
      notice: i % 3 === 0 ? 'Y' : 'N',
      kakao: i % 4 === 0 ? 'Y' : 'N',
      created: '2026-02-01T09:00:00+09:00',
    });
  }
  return out;
}
