import { Card, Flex, Heading, Text } from '@chakra-ui/react';
import type { ComponentType } from 'react';
import type { IconProps } from '@chakra-ui/react';

export interface IconCardContent {
  title: string;
  text: string;
  icon: ComponentType<IconProps>;
}

/** A card with an icon, a third-level heading and a short text: features, values, trust points. */
export function IconCard({ title, text, icon: CardIcon }: IconCardContent) {
  return (
    <Card.Root variant="outline" bg="bg.panel">
      <Card.Body gap="3">
        <Flex boxSize="12" align="center" justify="center" rounded="lg" bg="blue.subtle" color="blue.fg">
          <CardIcon boxSize="6" />
        </Flex>
        <Heading as="h3" size="lg">
          {title}
        </Heading>
        <Text color="fg.muted">{text}</Text>
      </Card.Body>
    </Card.Root>
  );
}
