/** Consent text two pages share: the terms agreement and the member information form. */
export const consentText = {
  notice: '독서포인트 소식과 알림 받기',
} as const;
