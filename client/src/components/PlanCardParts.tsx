import { Badge, Flex, Heading, List, Text } from '@chakra-ui/react';
import type { Plan } from '../hooks/use-api-data';
import { CheckIcon } from './icons';

/** A plan card's name with the 'Most Popular' badge where the catalogue marks it. */
export function PlanHeading({ plan, as }: { plan: Plan; as: 'h2' | 'h3' }) {
  return (
    <Flex justify="space-between" align="center" gap="2" wrap="wrap">
      <Heading as={as} size="xl">
        {plan.name}
      </Heading>
      {plan.mostPopular && (
        <Badge colorPalette="blue" variant="solid">
          Most Popular
        </Badge>
      )}
    </Flex>
  );
}

/** The plan's features as a checked list. */
export function PlanFeatureList({ plan }: { plan: Plan }) {
  return (
    <List.Root listStyleType="none" gap="2" flex="1">
      {plan.features.map((feature) => (
        <List.Item key={feature} display="flex" gap="2" alignItems="flex-start">
          <CheckIcon color="green.fg" boxSize="4" mt="1" flexShrink="0" />
          <Text>{feature}</Text>
        </List.Item>
      ))}
    </List.Root>
  );
}
