import '../test-setup';
import { render, screen } from '@testing-library/react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { CheckList, groupChecks, type CheckProgress } from './CheckList';

const notRun = (id: string, label: string, message = 'Not run: the site could not be reached.'): CheckProgress => ({ id, label, report: { id, label, status: 'unavailable', findings: 0, message } });

describe('the check list', () => {
  it('says once what stopped several checks for one reason', () => {
    const checks: CheckProgress[] = [
      { id: 'website', label: 'Website privacy check', report: { id: 'website', label: 'Website privacy check', status: 'unavailable', findings: 0, message: 'Failed to analyze URL' } },
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
      notRun('a', 'A'),
      notRun('b', 'B', 'Not run: Chromium is not available on this server.'),
      { id: 'c', label: 'C', report: { id: 'c', label: 'C', status: 'ok', findings: 0, message: 'fine' } },
      { id: 'd', label: 'D', report: { id: 'd', label: 'D', status: 'ok', findings: 0, message: 'fine' } },
      { id: 'e', label: 'E' },
      { id: 'f', label: 'F' },
    ];
    expect(groupChecks(checks).map((g) => g.checks.map((c) => c.id).join(''))).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });
});
