import { Flex, Text } from '@chakra-ui/react';

/** A score's colour and words, as `scoreTone` (privacy score) and `riskTone` (image risk) decide them. */
export interface ScoreCircleTone {
  /** Chakra colour palette name; also the circle's `data-tone`, which tests read. */
  palette: string;
  /** Fill and text colour, chosen for at least 4.5:1 contrast. */
  bg: string;
  fg: string;
  label: string;
}

const SIZES = {
  md: { box: '28', font: '3xl' },
  lg: { box: '32', font: '4xl' },
} as const;

interface ScoreCircleProps {
  /** What the score is, read out first: "Privacy score", "Risk score". */
  name: string;
  score: number;
  tone: ScoreCircleTone;
  size?: keyof typeof SIZES;
  testId?: string;
}

/** A 0 to 100 score in a coloured circle, one image to screen readers: "<name> <score> out of 100: <label>". */
export function ScoreCircle({ name, score, tone, size = 'lg', testId }: ScoreCircleProps) {
  return (
    <Flex
      role="img"
      aria-label={`${name} ${score} out of 100: ${tone.label}`}
      data-testid={testId}
      data-tone={tone.palette}
      boxSize={SIZES[size].box}
      flexShrink={0}
      rounded="full"
      bg={tone.bg}
      color={tone.fg}
      direction="column"
      align="center"
      justify="center"
      borderWidth="6px"
      borderColor={`${tone.palette}.200`}
    >
      <Text fontSize={SIZES[size].font} fontWeight="bold" lineHeight="1">
        {score}
      </Text>
      <Text fontSize="xs" fontWeight="medium">
        {tone.label}
      </Text>
    </Flex>
  );
}
