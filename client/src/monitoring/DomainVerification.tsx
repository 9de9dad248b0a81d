import { Alert, Badge, Box, Button, Code, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { formatDateTime } from '../format';
import { verifyDomain } from './monitor-actions';
import type { Monitor, MonitorDomain } from './monitor-types';

const hibpPalettes: Record<MonitorDomain['hibp']['status'], string> = {
  ok: 'green',
  not_checked: 'gray',
  not_configured: 'orange',
  not_verified: 'orange',
  subscription_too_small: 'orange',
  refused: 'orange',
  unavailable: 'red',
  rate_limited: 'red',
  timed_out: 'red',
};
const hibpTitles: Record<MonitorDomain['hibp']['status'], string> = {
  ok: 'Searched with Have I Been Pwned',
  not_checked: 'Have I Been Pwned: not asked yet',
  not_configured: 'Have I Been Pwned is not set up on this server',
  not_verified: "Have I Been Pwned's own verification is needed",
  subscription_too_small: "The HIBP key's subscription does not allow this domain",
  refused: 'Have I Been Pwned refused the search',
  unavailable: 'Have I Been Pwned could not be reached',
  rate_limited: 'Have I Been Pwned asked us to slow down',
  timed_out: 'Have I Been Pwned did not answer in time',
};

/** A value to copy into DNS or a file, as it must be published. */
function Published({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Code display="block" whiteSpace="pre-wrap" wordBreak="break-all" p="2" aria-label={label}>
        {value}
      </Code>
    </Box>
  );
}

/**
 * A domain monitor's proof of control: whether it holds, the exact TXT record or file to publish,
 * Verify buttons, and Have I Been Pwned's side (searched, or why not, as the server says it).
 */
export function DomainVerification({ monitor, onVerified }: { monitor: Monitor; onVerified: () => void }) {
  const domain = monitor.domain!;
  const [busy, setBusy] = useState<'dns' | 'file'>();

  async function verify(method: 'dns' | 'file') {
    setBusy(method);
    const verified = await verifyDomain(monitor.id, method);
    setBusy(undefined);
    if (verified) onVerified();
  }

  return (
    <Stack gap="3" data-testid="domain-verification">
      <Flex gap="2" align="center" wrap="wrap">
        <Heading as="h3" size="sm">
          Control of {domain.domain}
        </Heading>
        {domain.verified ? (
          <Badge colorPalette="green" variant="subtle">
            Verified by {domain.verifiedBy === 'dns' ? 'DNS record' : 'file'}
          </Badge>
        ) : (
          <Badge colorPalette="orange" variant="subtle">
            Not verified
          </Badge>
        )}
        {domain.checkedAt && (
          <Text fontSize="sm" color="fg.muted">
            checked {formatDateTime(domain.checkedAt)}
          </Text>
        )}
      </Flex>
      {!domain.verified && (
        <Stack gap="3">
          <Text fontSize="sm">
            Prove that the domain is yours with either of these, then press Verify. Every run checks it again; if it goes away, the monitor pauses.
          </Text>
          <Box>
            <Text fontWeight="semibold" fontSize="sm">
              A DNS TXT record
            </Text>
            <Stack gap="1" mt="1">
              <Published label={`Name (host) — type ${domain.dnsRecord.type}`} value={domain.dnsRecord.name} />
              <Published label="Value" value={domain.dnsRecord.value} />
            </Stack>
            <Button size="sm" mt="2" variant="outline" onClick={() => void verify('dns')} loading={busy === 'dns'} disabled={busy !== undefined}>
              Verify the DNS record
            </Button>
          </Box>
          <Box>
            <Text fontWeight="semibold" fontSize="sm">
              Or a file on the domain's website
            </Text>
            <Stack gap="1" mt="1">
              <Published label="At this address" value={domain.file.url} />
              <Published label="Holding this line" value={domain.file.content} />
            </Stack>
            <Button size="sm" mt="2" variant="outline" onClick={() => void verify('file')} loading={busy === 'file'} disabled={busy !== undefined}>
              Verify the file
            </Button>
          </Box>
        </Stack>
      )}
      <Alert.Root status="neutral" colorPalette={hibpPalettes[domain.hibp.status]} data-testid="domain-hibp">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{hibpTitles[domain.hibp.status]}</Alert.Title>
          <Alert.Description>{domain.hibp.message}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    </Stack>
  );
}
