import type { CheckStatus } from '../../vocabulary/check.types';

/**
 * The share of a check's sources (the sites of the username check, the services of a breach check)
 * that must give a usable answer before its result is complete and may carry a score or verdict.
 * Below it the result says how many answered and gives none: a handle scan where 4 of 36 sites
 * answered must not read "no accounts found, 100". 80%: a few slow or walled sites do not void a
 * scan, while a busy server's or a blocked network's answer never passes for a clean result.
 * Documented in docs/COVERAGE.md.
 */
export const COMPLETE_ANSWER_SHARE = 0.8;

/** How many of a check's sources gave a usable answer, of those asked, and how many were needed. */
export interface AnswerCoverage {
  answered: number;
  asked: number;
  /** ceil(asked × COMPLETE_ANSWER_SHARE). */
  required: number;
}

export function answerCoverage(answered: number, asked: number): AnswerCoverage {
  return { answered, asked, required: Math.ceil(asked * COMPLETE_ANSWER_SHARE) };
}

export function enoughAnswers(answers: AnswerCoverage | undefined): boolean {
  return answers === undefined || answers.answered >= answers.required;
}

/**
 * The one rule for every multi-source check, applied by the pipeline: a check reports its own
 * count (`answers`), or has it taken from its per-source reports (`sources`, two or more that this
 * server uses). An ok
 * outcome short of the share becomes 'partial' (its findings are still real and shown) with a
 * message that says how many answered; the result built from it is incomplete (coverageOf).
 */
/** The part of a check's outcome (scan-check.types.ts CheckOutcome) the rule reads. */
interface CoverageOf {
  status: CheckStatus;
  message?: string;
  sources?: readonly { status: CheckStatus }[];
  answers?: AnswerCoverage;
}

export function withAnswerCoverage<T extends CoverageOf>(outcome: T, noun: string): T {
  // A source this server does not use (no key) was not asked: it neither answers nor fails.
  const asked = outcome.sources?.filter((s) => s.status !== 'not_configured' && s.status !== 'not_applicable') ?? [];
  const answers = outcome.answers ?? (asked.length > 1 ? answerCoverage(asked.filter((s) => s.status === 'ok').length, asked.length) : undefined);
  if (!answers) return outcome;
  if (outcome.status !== 'ok' || enoughAnswers(answers)) return { ...outcome, answers };
  const short = `Only ${answers.answered} of ${answers.asked} ${noun} gave a usable answer (${answers.required} needed for a verdict), so this result gives no score`;
  return { ...outcome, answers, status: 'partial', message: outcome.message ? `${short}. ${outcome.message}` : `${short}.` };
}
