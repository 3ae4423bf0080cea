/**
 * The three certifications' actions through their one shared path (cert-action.ts): the
 * first empty required field, the form's own checks, then one write under the form's key
 * with the body the API takes, and its answer as what was earned.
 */
import { describe, expect, it, vi } from 'vitest';
import { requiredMessage } from '#shared/messages-form.ts';
import { loanAction } from './loan-form.tsx';
import { purchaseAction } from './purchase-form.tsx';
import { talkAction } from './talk-form.tsx';
import { certifyText } from './messages.ts';

const KEY = '0b7c2f4e-6a1d-4e57-9d8a-3f1c2b5e7a90';
const EARNED = { result: 'success', activity_key: 7, activity_type: 'loan', points: 100, point_reason: 'earned', msg: '적립되었습니다.', balance: 1300, monthly_limit: 5, earned_count_month: 1 };

/** An action run as on the server, its writes answered by `answer`; what it returned (unwrapped) and what it sent. */
async function run(action: (form: FormData, context: unknown) => Promise<unknown>, fields: Record<string, string>, answer: unknown = EARNED) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const request = vi.fn((..._args: unknown[]) => Promise.resolve(answer));
  const out = await action(form, { homepage: { request } });
  const result = typeof out === 'object' && out !== null && 'data' in out ? out.data : out;
  return { result, sent: request.mock.calls };
}

const LOAN = { library_code: '4300001', loan_no: ' L-2026-1 ', isbn: '978-89-364-1084-1', loan_date: '2026-11-10', idempotency_key: KEY };
const PURCHASE = { bookstore_key: '3', purchase_date: '2026-11-10', receipt_no: 'R-1234', amount: '12,000', book_title: '소년이 온다', isbn: '', idempotency_key: KEY };

describe('a certification\'s action', () => {
  it('asks for the first empty required field, in the form\'s order, and sends nothing', async () => {
    const { result, sent } = await run(loanAction, { ...LOAN, loan_no: ' ', isbn: '' });
    expect(result).toMatchObject({ ok: false, field: 'loan_no', message: requiredMessage(certifyText.loanNo) });
    expect(result).toMatchObject({ values: { library_code: '4300001', loan_no: ' ', isbn: '', loan_date: '2026-11-10' } });
    expect(sent).toEqual([]);
  });

  it('refuses what its own checks refuse: an ISBN that is not one, an amount out of range', async () => {
    expect((await run(loanAction, { ...LOAN, isbn: '12345' })).result).toMatchObject({ ok: false, field: 'isbn' });
    const purchase = await run(purchaseAction, { ...PURCHASE, amount: '0' });
    expect(purchase.result).toMatchObject({ ok: false, field: 'amount' });
    expect(purchase.sent).toEqual([]);
  });

  it('sends one write with the form\'s key and the body the API takes, and answers what was earned', async () => {
    const loan = await run(loanAction, LOAN);
    expect(loan.sent).toEqual([['POST', '/activity/authentication/loan', { body: { library_code: '4300001', loan_no: 'L-2026-1', isbn: '9788936410841', loan_date: '2026-11-10' }, idempotencyKey: KEY }]]);
    expect(loan.result).toMatchObject({ ok: true, value: { activityKey: 7, points: 100 } });

    const purchase = await run(purchaseAction, PURCHASE);
    expect(purchase.sent).toEqual([['POST', '/activity/authentication/purchase', {
      body: { bookstore_key: 3, purchase_date: '2026-11-10', receipt_no: 'R-1234', amount: 12000, book_title: '소년이 온다', book_format: 'paper' },
      idempotencyKey: KEY,
    }]]);

    const talk = await run(talkAction, { check_in_code: ' AB12CD ', idempotency_key: KEY });
    expect(talk.sent).toEqual([['POST', '/activity/authentication/authortalk', { body: { check_in_code: 'AB12CD' }, idempotencyKey: KEY }]]);
  });

  it('an answer the API refuses points at the form\'s own field, with what was typed', async () => {
    const { result } = await run(purchaseAction, PURCHASE, { result: 'error', msg: '이미 인증한 영수증입니다.' });
    expect(result).toMatchObject({ ok: false, field: 'receipt_no', message: '이미 인증한 영수증입니다.', values: { receipt_no: 'R-1234', amount: '12,000' } });
  });
});
