// The security-header grade beside MDN HTTP Observatory's, case by case: every header case of
// test/support/observatory-parity.cases.ts graded by observatory-grade.rules.ts, next to the grade
// MDN's rules give it (worked out from its modifiers, the sum printed), and the count that agree.
// A case graded otherwise on purpose names its documented difference. Prints a table; asserts nothing.
//   node test/bench/header-grades.mjs
import { requireTs } from './bench-support.mjs';

const { PARITY_CASES, gradeCase } = requireTs('test/support/observatory-parity.cases.ts');
const show = (g) => (g === null ? 'not graded' : `${g.grade} ${g.score}`);
let same = 0;
let sameGrade = 0;
const rows = [];
for (const c of PARITY_CASES) {
  const g = gradeCase(c);
  const ours = g.graded ? { grade: g.grade, score: g.score } : null;
  const agrees = show(ours) === show(c.mdn);
  const gradeAgrees = (ours?.grade ?? null) === (c.mdn?.grade ?? null);
  if (agrees) same += 1;
  if (gradeAgrees) sameGrade += 1;
  rows.push(`| ${c.name} | ${show(c.mdn)} | ${c.sum} | ${show(ours)} | ${agrees ? 'yes' : gradeAgrees ? 'grade only' : 'no'} | ${c.ours ? `documented: "${c.ours.documented}"` : ''} |`);
}
console.log('| case | MDN | MDN sum | Footprint | same | why not |\n|---|---|---|---|---|---|');
console.log(rows.join('\n'));
console.log(`\n${same} of ${PARITY_CASES.length} cases: same grade and score; ${sameGrade} of ${PARITY_CASES.length}: same grade`);
