import { Alert, Badge, Box, Button, Card, Code, Flex, Heading, Link, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { notify } from '../components/toaster';
import { deleteRequest, downloadEml, updateRequest } from './request-actions';
import { KIND_LABELS, type Letter, type RightsRequest, STATUS_LABELS } from './request-types';

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    notify.success('Copied');
  } catch {
    notify.error('Could not copy: select the text and copy it yourself');
  }
}

/** A letter with the ways to send it from the person's own mailbox. */
function LetterBlock({ title, letter, emlFor, webform }: { title: string; letter: Letter; emlFor?: () => void; webform?: string | null }) {
  return (
    <Box>
      <Heading as="h3" size="md" mb="2">
        {title}
      </Heading>
      {letter.to && (
        <Text fontSize="sm" color="fg.muted">
          To: {letter.to}
        </Text>
      )}
      <Text fontSize="sm" fontWeight="semibold" mt="1">
        Subject: {letter.subject}
      </Text>
      <Code as="pre" display="block" whiteSpace="pre-wrap" p="3" mt="2" fontSize="sm" data-testid="letter-body">
        {letter.body}
      </Code>
      <Flex gap="2" mt="3" wrap="wrap">
        {letter.mailto && (
          <Button asChild size="sm" colorPalette="blue">
            <a href={letter.mailto}>Open in my mail app</a>
          </Button>
        )}
        {emlFor && (
          <Button size="sm" variant="outline" onClick={emlFor}>
            Download .eml
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={() => void copy(`${letter.subject}\n\n${letter.body}`)}>
          Copy text
        </Button>
        {webform && (
          <Button asChild size="sm" variant="outline">
            <a href={webform} target="_blank" rel="noopener noreferrer">
              Open their web form
            </a>
          </Button>
        )}
      </Flex>
    </Box>
  );
}

/** One request: its letter, how to send it, its deadline and status, and when overdue the follow-up and the complaint. */
export function RequestDetail({ request, onChange, onDeleted }: { request: RightsRequest; onChange: (r: RightsRequest) => void; onDeleted: () => void }) {
  const [notes, setNotes] = useState(request.notes);
  const status = STATUS_LABELS[request.status];
  const update = async (body: Parameters<typeof updateRequest>[1]) => {
    const next = await updateRequest(request.id, body);
    if (next) onChange(next);
  };
  const isOpen = request.status === 'draft' || request.status === 'sent' || request.status === 'overdue';
  return (
    <Card.Root variant="outline" data-testid="request-detail">
      <Card.Body>
        <Stack gap="5">
          <Box>
            <Flex gap="2" align="center" wrap="wrap">
              <Heading as="h2" size="lg">
                {request.organisationName}
              </Heading>
              <Badge colorPalette={status.palette} data-testid="request-status">
                {status.label}
              </Badge>
            </Flex>
            <Text color="fg.muted">
              {KIND_LABELS[request.kind]}
              {request.letter.basis ? ` · ${request.letter.basis}` : ' · no law cited'}
              {request.context ? ` · about ${request.context}` : ''}
            </Text>
          </Box>

          <Alert.Root status={request.deadline.legal ? 'info' : 'neutral'}>
            <Alert.Content>
              <Alert.Description>
                {request.sentOn
                  ? `Sent on ${request.sentOn}. They must answer by ${request.dueOn}${request.extended ? ' (extended)' : ''}: ${request.deadline.period}.`
                  : `Once you send it, they have ${request.deadline.period}. Footprint never sends it for you.`}
                {request.sentOn && !request.extended && request.deadline.extendedDue ? ` If they extend it, by ${request.deadline.extendedDue} at the latest.` : ''}
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>

          <Text fontSize="sm">{request.idAdvice}</Text>

          <LetterBlock title="Your request" letter={request.letter} webform={request.organisationWebform} emlFor={request.letter.to ? () => void downloadEml(request.id, 'request').then(async (ok) => {
  // The server counts the download as sending it today.
  if (ok && request.status === 'draft') await update({});
}) : undefined} />
          {!request.letter.to && !request.organisationWebform && <Text fontSize="sm">The catalogue has no email address or web form for them: send it by post to their address.</Text>}

          <Box>
            <Heading as="h3" size="md" mb="2">
              Where it stands
            </Heading>
            <Flex gap="2" wrap="wrap">
              {request.status === 'draft' && (
                <Button size="sm" colorPalette="blue" onClick={() => void update({ status: 'sent' })}>
                  I sent it today
                </Button>
              )}
              {request.sentOn && !request.extended && request.deadline.extendedDue && isOpen && (
                <Button size="sm" variant="outline" onClick={() => void update({ extended: true })}>
                  They extended the deadline
                </Button>
              )}
              {request.status !== 'draft' && isOpen && (
                <>
                  <Button size="sm" variant="outline" onClick={() => void update({ status: 'answered' })}>
                    They answered
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => void update({ status: 'completed' })}>
                    Done: they did it
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => void update({ status: 'refused' })}>
                    They refused
                  </Button>
                </>
              )}
            </Flex>
            <Textarea mt="3" value={notes} onChange={(e) => setNotes(e.target.value)} placeholder="Notes of their answer" aria-label="Notes" maxLength={5000} />
            <Button size="sm" mt="2" variant="outline" onClick={() => void update({ notes })} disabled={notes === request.notes}>
              Save notes
            </Button>
          </Box>

          {request.followUp && <LetterBlock title="Reminder to them (the deadline has passed)" letter={request.followUp} emlFor={() => void downloadEml(request.id, 'follow-up')} />}
          {request.complaint && request.authority && (
            <Box>
              <LetterBlock title={`Complaint to ${request.authority.name}`} letter={request.complaint} />
              {request.authority.web && (
                <Text fontSize="sm" mt="2">
                  Or use the complaint form on{' '}
                  <Link href={request.authority.web} target="_blank" rel="noopener noreferrer" colorPalette="blue">
                    their website
                  </Link>
                  .
                </Text>
              )}
            </Box>
          )}

          <Box>
            <Button size="sm" variant="ghost" colorPalette="red" onClick={() => void deleteRequest(request.id).then((ok) => ok && onDeleted())}>
              Delete this request
            </Button>
          </Box>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
