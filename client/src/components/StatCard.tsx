import { Card, Stat } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** One labelled figure in a card (the dashboard's overview, the report's summary). */
export function StatCard({ label, children, testId, valueSize }: { label: string; children: ReactNode; testId: string; valueSize: '2xl' | '3xl' }) {
  return (
    <Card.Root variant="outline">
      <Card.Body>
        <Stat.Root data-testid={testId}>
          <Stat.Label color="fg.muted" fontSize="md">
            {label}
          </Stat.Label>
          <Stat.ValueText fontSize={valueSize}>{children}</Stat.ValueText>
        </Stat.Root>
      </Card.Body>
    </Card.Root>
  );
}
