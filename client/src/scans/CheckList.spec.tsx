import '../test-setup';
import { render, screen } from '@testing-library/react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { CheckList, groupChecks, type CheckProgress } from './CheckList';
import { check } from './scan-test-helpers';
import type { CheckReport } from './scan-types';

type Id = CheckReport['id'];
const notRun = (id: Id, label: string, message = 'Not run: the site could not be reached.'): CheckProgress => ({ id, label, report: check({ id, label, status: 'unavailable', message }) });
const ran = (id: Id): CheckProgress => ({ id, label: id, report: check({ id, message: 'fine' }) });

describe('the check list', () => {
  it('says once what stopped several checks for one reason', () => {
    const checks: CheckProgress[] = [
      { id: 'website', label: 'Website privacy check', report: check({ id: 'website', label: 'Website privacy check', status: 'unavailable', message: 'Failed to analyze URL' }) },
      notRun('canvas-fingerprinting', 'Canvas fingerprinting'),
      notRun('font-fingerprinting', 'Font probing'),
      notRun('key-logging', 'Key logging'),
    ];
    const groups = groupChecks(checks);
    expect(groups.map((g) => g.checks.length)).toEqual([1, 3]);
    render(
      <ChakraProvider value={defaultSystem}>
        <CheckList checks={checks} label="Checks" />
      </ChakraProvider>,
    );
    expect(screen.getAllByText('Not run: the site could not be reached.')).toHaveLength(1);
    expect(screen.getByText(/^Canvas fingerprinting; Font probing; Key logging: /)).toBeTruthy();
  });

  it('keeps checks apart when they ended differently or found something', () => {
    const checks: CheckProgress[] = [
      notRun('meta-pixel', 'Meta pixel'),
      notRun('key-logging', 'Key logging', 'Not run: Chromium is not available on this server.'),
      ran('gravatar'),
      ran('email-dns'),
      { id: 'breaches', label: 'Breaches' },
      { id: 'website', label: 'Website' },
    ];
    expect(groupChecks(checks).map((g) => g.checks.length)).toEqual([1, 1, 1, 1, 1, 1]);
  });
});
