/**
 * Korean messages only the portal's server answers with (refusals, limits); kept apart
 * from shared/messages.ts so the browser bundle does not carry them (decision 0034).
 */
export const serverMessages = {
  site: {
    /** The description of a page that does not give its own (PageMeta). */
    description: '도서관 회원이 책을 읽고 기록하며 독서포인트를 모아 지역 서점에서 종이책을 사는 독서활동 포털입니다.',
  },
  error: {
    badRequest: '요청 내용을 다시 확인해 주세요.',
    forbiddenPath: '허용되지 않은 요청 경로입니다.',
    forbidden: '허용되지 않은 요청입니다.',
    tooMany: '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.',
    /** The browser's Idempotency-Key is not one (decision 0141): the gateway does not forward it. */
    idempotencyKeyInvalid: '요청 식별 키(Idempotency-Key)의 형식이 올바르지 않습니다.',
    /** A write kept on the device belongs to another member than this session's (decision 0145). */
    memberChanged: '다른 회원의 기기에 보관된 기록이라 보내지 않았습니다.',
  },
  login: {
    invalid: '아이디 또는 비밀번호가 올바르지 않습니다.',
    tooMany: '로그인 시도가 너무 많습니다. 잠시 후 다시 시도해 주세요.',
    accountLocked: '로그인에 여러 번 실패하여 잠시 로그인할 수 없습니다. 잠시 후 다시 시도해 주세요.',
  },
  /**
   * 로그아웃 the homepage API did not confirm (decision 0024): signed out here, the portal keeps
   * asking the API; what the member should do meanwhile.
   */
  logout: {
    pendingTitle: '로그아웃 확인 중',
    pending:
      '이 기기에서는 로그아웃되었지만, 도서관 서버가 응답하지 않아 로그아웃이 아직 확인되지 않았습니다. 포털이 자동으로 다시 요청합니다. 공용 기기라면 브라우저 창을 모두 닫아 주세요.',
  },
  /** The installed app (web app manifest) and the page the service worker shows offline. */
  app: {
    shortName: '독서포인트',
    description: '책을 읽고 기록하며 독서포인트를 모아 지역 서점에서 종이책을 사는 독서활동 포털입니다.',
    offlineTitle: '인터넷에 연결되어 있지 않습니다',
    offlineBody: '인터넷 연결을 확인한 뒤 다시 시도해 주세요. 연결되면 보시던 페이지를 다시 불러옵니다.',
    retry: '다시 시도',
    home: '홈으로',
    /** A reminder whose message did not say what it was (the service worker must still show one). */
    pushFallback: '새 알림이 있습니다. 눌러서 확인해 주세요.',
  },
} as const;
