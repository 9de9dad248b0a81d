import { Box, Flex, List, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { Chart, useChart } from '@chakra-ui/charts';
import { Bar, BarChart, CartesianGrid, Cell, Line, LineChart, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { formatShortDay } from '../format';
import { RISK_BARS } from './dashboard-display';
import type { RiskDistribution, ScoreTrendPoint } from './dashboard-types';

// The drawn charts are pictures of the numbers listed beside them (visibly, or for screen readers
// in a table): hidden from assistive technology, with recharts' keyboard layer off so nothing in
// them takes focus.

/** How many findings of each risk level the user's completed scans hold. */
export function RiskDistributionChart({ distribution }: { distribution: RiskDistribution }) {
  const data = RISK_BARS.map(({ level, label, color }) => ({ label, count: distribution[level], color }));
  const chart = useChart({ data, series: [{ name: 'count', color: 'blue.600' }] });
  const total = data.reduce((sum, d) => sum + d.count, 0);

  return (
    <Flex direction={{ base: 'column', md: 'row' }} gap="6" align={{ md: 'center' }}>
      {total > 0 && (
        <Box flex="1" minW="0" aria-hidden="true" data-testid="risk-chart">
          <Chart.Root chart={chart} h="56" aspectRatio="auto">
            <BarChart data={chart.data} responsive accessibilityLayer={false} style={{ width: '100%', height: '100%' }}>
              <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
              <XAxis dataKey={chart.key('label')} tickLine={false} axisLine={false} />
              <YAxis allowDecimals={false} tickLine={false} axisLine={false} width={32} />
              <Bar dataKey={chart.key('count')} isAnimationActive={false} radius={[4, 4, 0, 0]}>
                {chart.data.map((item) => (
                  <Cell key={item.label} fill={chart.color(item.color)} />
                ))}
              </Bar>
            </BarChart>
          </Chart.Root>
        </Box>
      )}
      <List.Root variant="plain" gap="2" minW="40" aria-label="Findings by risk level" data-testid="risk-counts">
        {data.map(({ label, count, color }) => (
          <List.Item key={label} display="flex" alignItems="center" gap="2">
            <Box boxSize="3" rounded="sm" bg={color} flexShrink={0} aria-hidden="true" />
            <Text flex="1">{label}</Text>
            <Text fontWeight="bold" data-level={label.toLowerCase()}>
              {count}
            </Text>
          </List.Item>
        ))}
      </List.Root>
      {total === 0 && <Text color="fg.muted">No findings yet: completed scans will show their risks here.</Text>}
    </Flex>
  );
}

/** The average privacy score of each day with completed privacy scans, oldest first. */
export function ScoreTrendChart({ trend }: { trend: ScoreTrendPoint[] }) {
  const chart = useChart({ data: trend, series: [{ name: 'averageScore', color: 'blue.600' }] });
  if (trend.length === 0) {
    return <Text color="fg.muted">No completed privacy scans yet: your score over time will show here.</Text>;
  }
  const latest = trend[trend.length - 1];

  return (
    <Box>
      <Text color="fg.muted" mb="3">
        Average privacy score per day (0–100, higher is better). Latest: {latest.averageScore}/100 on {formatShortDay(latest.date)} ({latest.scans}{' '}
        {latest.scans === 1 ? 'scan' : 'scans'})
      </Text>
      <Box aria-hidden="true" data-testid="trend-chart">
        <Chart.Root chart={chart} h="56" aspectRatio="auto">
          <LineChart data={chart.data} responsive accessibilityLayer={false} style={{ width: '100%', height: '100%' }}>
            <CartesianGrid stroke={chart.color('border.muted')} vertical={false} />
            <XAxis dataKey={chart.key('date')} tickFormatter={formatShortDay} tickLine={false} axisLine={false} />
            <YAxis domain={[0, 100]} ticks={[0, 20, 40, 60, 80, 100]} tickLine={false} axisLine={false} width={32} />
            {/* The score colours' thresholds (80 green, 60 yellow). */}
            <ReferenceLine y={80} stroke={chart.color('green.600')} strokeDasharray="4 4" />
            <ReferenceLine y={60} stroke={chart.color('yellow.600')} strokeDasharray="4 4" />
            <Tooltip cursor={false} animationDuration={0} content={<Chart.Tooltip />} labelFormatter={(day) => formatShortDay(String(day))} />
            <Line
              dataKey={chart.key('averageScore')}
              name="Average score"
              stroke={chart.color('blue.600')}
              strokeWidth={2}
              isAnimationActive={false}
              dot={{ r: 3, fill: chart.color('blue.600') }}
            />
          </LineChart>
        </Chart.Root>
      </Box>
      <VisuallyHidden>
        <Table.Root>
          <Table.Caption>Average privacy score per day</Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Day</Table.ColumnHeader>
              <Table.ColumnHeader>Average score</Table.ColumnHeader>
              <Table.ColumnHeader>Scans</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {trend.map((point) => (
              <Table.Row key={point.date}>
                <Table.Cell>{formatShortDay(point.date)}</Table.Cell>
                <Table.Cell>{point.averageScore}/100</Table.Cell>
                <Table.Cell>{point.scans}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </VisuallyHidden>
    </Box>
  );
}
