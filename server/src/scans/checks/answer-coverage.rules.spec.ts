import { answerCoverage, COMPLETE_ANSWER_SHARE, enoughAnswers, withAnswerCoverage } from './answer-coverage.rules';
import type { CheckSourceReport } from '../../vocabulary/check.types';
import type { CheckOutcome } from './scan-check.types';

const source = (id: 'hibp' | 'xposedornot', status: CheckSourceReport['status']): CheckSourceReport => ({ id, name: id, status });

describe('the answer coverage rule', () => {
  it('needs 80% of those asked, rounded up', () => {
    expect(COMPLETE_ANSWER_SHARE).toBe(0.8);
    expect(answerCoverage(29, 36)).toEqual({ answered: 29, asked: 36, required: 29 });
    expect(enoughAnswers(answerCoverage(29, 36))).toBe(true);
    expect(enoughAnswers(answerCoverage(28, 36))).toBe(false);
    expect(answerCoverage(0, 669).required).toBe(536);
    expect(enoughAnswers(undefined)).toBe(true);
  });

  it('keeps an ok outcome with enough answers ok, and turns one short of them into partial, saying how many answered', () => {
    expect(withAnswerCoverage({ status: 'ok', findings: [], answers: answerCoverage(30, 36) }, 'sites').status).toBe('ok');
    const short = withAnswerCoverage({ status: 'ok', message: 'Checked 36 sites', findings: [], answers: answerCoverage(4, 36) }, 'sites');
    expect(short).toEqual({
      status: 'partial',
      message: 'Only 4 of 36 sites gave a usable answer (29 needed for a verdict), so this result gives no score. Checked 36 sites',
      findings: [],
      answers: { answered: 4, asked: 36, required: 29 },
    });
  });

  it('takes the count from the per-source reports of a check with two sources or more', () => {
    const both = withAnswerCoverage<CheckOutcome>({ status: 'ok', findings: [], sources: [source('hibp', 'ok'), source('xposedornot', 'rate_limited')] }, 'sources');
    expect(both.status).toBe('partial');
    expect(both.answers).toEqual({ answered: 1, asked: 2, required: 2 });
    const one = withAnswerCoverage({ status: 'ok', findings: [], sources: [source('xposedornot', 'ok')] }, 'sources');
    expect(one).toEqual({ status: 'ok', findings: [], sources: [source('xposedornot', 'ok')] });
    // A source without a key on this server was not asked.
    const keyless = { status: 'ok' as const, findings: [], sources: [source('hibp', 'not_configured'), source('xposedornot', 'ok')] };
    expect(withAnswerCoverage(keyless, 'sources')).toEqual(keyless);
  });

  it('leaves an outcome that did not run as it is', () => {
    const failed = withAnswerCoverage({ status: 'unavailable', findings: [], answers: answerCoverage(0, 36) }, 'sites');
    expect(failed.status).toBe('unavailable');
  });
});
