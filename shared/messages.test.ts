import { describe, expect, it } from 'vitest';
import { greeting, messages } from './messages.ts';
import { requiredMessage } from './messages-form.ts';
import { loginMessages } from './messages-login.ts';

describe('Korean messages (docs/product.md (Messages))', () => {
  it('pick the right particle for the label', () => {
    expect(requiredMessage('아이디')).toBe('아이디를 입력해 주세요.');
    expect(requiredMessage('이름')).toBe('이름을 입력해 주세요.');
    expect(requiredMessage('휴대전화 번호')).toBe('휴대전화 번호를 입력해 주세요.');
    expect(requiredMessage('이메일')).toBe('이메일을 입력해 주세요.');
  });
  it('keep the canonical texts', () => {
    expect(loginMessages.idRequired).toBe('아이디를 입력해 주세요.');
    expect(messages.notice.none).toBe('등록된 공지사항이 없습니다.');
    expect(messages.error.temporary).toBe('일시적인 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.');
    expect(messages.shell.skip).toBe('본문 바로가기');
    expect(messages.footer.privacy).toBe('개인정보 처리방침');
    expect(greeting('김독서')).toBe('김독서님, 반갑습니다.');
  });
});
