import { Card, Stat } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** One labelled figure in a card (the dashboard's overview, the report's summary), with an optional visible note (its scale). */
export function StatCard({
  label,
  children,
  testId,
  valueSize,
  note,
}: {
  label: string;
  children: ReactNode;
  testId: string;
  valueSize: '2xl' | '3xl';
  note?: ReactNode;
}) {
  return (
    <Card.Root variant="outline">
      <Card.Body>
        <Stat.Root data-testid={testId}>
          <Stat.Label color="fg.muted" fontSize="md">
            {label}
          </Stat.Label>
          <Stat.ValueText fontSize={valueSize}>{children}</Stat.ValueText>
          {note && (
            // A <dd> beside the value: a <dl> may hold only <dt> and <dd> groups.
            <Stat.HelpText as="dd" color="fg.muted" fontSize="sm" mb="0">
              {note}
            </Stat.HelpText>
          )}
        </Stat.Root>
      </Card.Body>
    </Card.Root>
  );
}
