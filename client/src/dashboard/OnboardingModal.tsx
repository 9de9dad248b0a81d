import { Badge, Box, Button, Dialog, Flex, Heading, List, Portal, Progress, Stack, Text } from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { BellIcon, CheckCircleIcon, DatabaseIcon, ImageIcon, MapPinIcon, MessageIcon, ShieldCheckIcon } from '../components/icons';
import { scoreTone } from '../scans/scan-display';

interface Step {
  id: 'welcome' | 'features' | 'score' | 'recommendations' | 'monitoring' | 'complete';
  title: string;
  body: ReactNode;
}

const SCORE_RANGES = [
  { range: '80–100', example: 90 },
  { range: '60–79', example: 70 },
  { range: '0–59', example: 40 },
] as const;

function Feature({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <List.Item display="flex" gap="3" alignItems="flex-start">
      <Box color="blue.fg" fontSize="xl" mt="0.5">
        {icon}
      </Box>
      <Box>
        <Text fontWeight="semibold">{title}</Text>
        <Text color="fg.muted" fontSize="sm">
          {text}
        </Text>
      </Box>
    </List.Item>
  );
}

/** The six steps of the first-time tour (spec: welcome, features, score, recommendations, monitoring, complete). */
function steps(onStartScan: () => void): Step[] {
  return [
    {
      id: 'welcome',
      title: 'Welcome to Footprint',
      body: (
        <Text>
          Footprint shows what your email addresses, websites and social media handles give away about you, and what you
          can do about it. This short tour takes less than a minute.
        </Text>
      ),
    },
    {
      id: 'features',
      title: 'What Footprint checks',
      body: (
        <List.Root gap="3" variant="plain">
          <Feature icon={<DatabaseIcon />} title="Data breaches" text="Whether your email address appears in known breaches, and what leaked." />
          <Feature icon={<MessageIcon />} title="Oversharing" text="Personal details that public profiles and websites reveal." />
          <Feature icon={<MapPinIcon />} title="Location exposure" text="Addresses, cities and other hints about where you are." />
          <Feature icon={<ImageIcon />} title="Image metadata" text="GPS positions and camera details hidden in your photos." />
        </List.Root>
      ),
    },
    {
      id: 'score',
      title: 'Your privacy score',
      body: (
        <Stack gap="3">
          <Text>Every scan gives a score from 0 to 100. The higher, the less you expose.</Text>
          <List.Root gap="2" variant="plain">
            {SCORE_RANGES.map(({ range, example }) => {
              const tone = scoreTone(example);
              return (
                <List.Item key={range} display="flex" alignItems="center" gap="3">
                  <Badge bg={tone.bg} color={tone.fg} minW="16" justifyContent="center" fontSize="sm">
                    {range}
                  </Badge>
                  <Text>{tone.label}</Text>
                </List.Item>
              );
            })}
          </List.Root>
        </Stack>
      ),
    },
    {
      id: 'recommendations',
      title: 'Recommendations',
      body: (
        <Text>
          Each finding comes with what to do about it, ranked by priority from critical to low, so you can start with what
          matters most. Your report collects them all and can be downloaded as a CSV file, or as a PDF on the Plus plan and
          above.
        </Text>
      ),
    },
    {
      id: 'monitoring',
      title: 'Monitoring',
      body: (
        <Flex gap="3" align="flex-start">
          <Box color="blue.fg" fontSize="xl" mt="0.5">
            <BellIcon />
          </Box>
          <Text>
            On the Plus plan and above, monitors re-check your email addresses and handles every week or month and tell you
            when something new appears.
          </Text>
        </Flex>
      ),
    },
    {
      id: 'complete',
      title: "You're all set!",
      body: (
        <Stack gap="4" align="flex-start">
          <Flex gap="3" align="center">
            <Box color="green.fg" fontSize="2xl">
              <CheckCircleIcon />
            </Box>
            <Text>Run your first privacy scan to see your score and what to do next.</Text>
          </Flex>
          <Button colorPalette="blue" onClick={onStartScan}>
            <ShieldCheckIcon />
            Start My First Scan
          </Button>
        </Stack>
      ),
    },
  ];
}

export interface OnboardingModalProps {
  open: boolean;
  /** Skip (or Escape): the tour ends where it is. */
  onSkip: () => void;
  /** 'Get Started' or 'Start My First Scan' on the last step. */
  onComplete: () => void;
}

/**
 * The first-time tour: a labelled modal dialog (focus stays inside it) with a step/total progress
 * bar, Skip, Previous (disabled on step 1), Next, and on the last step 'Get Started' and 'Start My
 * First Scan'. The caller stores the completed flag.
 */
export function OnboardingModal({ open, onSkip, onComplete }: OnboardingModalProps) {
  const [index, setIndex] = useState(0);
  const all = steps(onComplete);
  const step = all[index];
  const last = index === all.length - 1;
  const number = index + 1;

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => !details.open && onSkip()}
      closeOnInteractOutside={false}
      placement="center"
      size="md"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4" data-testid="onboarding" data-step={step.id}>
            <Dialog.Header flexDirection="column" alignItems="stretch" gap="4">
              <Progress.Root value={number} min={0} max={all.length} colorPalette="blue" size="sm">
                <Flex justify="space-between" mb="1" fontSize="sm">
                  <Progress.Label>
                    Step {number} of {all.length}
                  </Progress.Label>
                  <Progress.ValueText>
                    {number} / {all.length}
                  </Progress.ValueText>
                </Flex>
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
              <Dialog.Title asChild>
                <Heading as="h2" size="xl">
                  {step.title}
                </Heading>
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{step.body}</Dialog.Body>
            <Dialog.Footer justifyContent="space-between" flexWrap="wrap">
              <Button variant="ghost" onClick={onSkip}>
                Skip
              </Button>
              <Flex gap="2">
                <Button variant="outline" disabled={index === 0} onClick={() => setIndex((i) => Math.max(0, i - 1))}>
                  Previous
                </Button>
                {last ? (
                  <Button colorPalette="blue" onClick={onComplete}>
                    Get Started
                  </Button>
                ) : (
                  <Button colorPalette="blue" onClick={() => setIndex((i) => Math.min(all.length - 1, i + 1))}>
                    Next
                  </Button>
                )}
              </Flex>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
