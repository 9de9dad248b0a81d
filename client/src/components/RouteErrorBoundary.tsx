import { Button, Code, Container, Heading, Text } from '@chakra-ui/react';
import { type ReactNode, useEffect, useState } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { useLocation } from 'react-router-dom';
import { api } from '../api/client';

/** An id for the error report, chosen here so the page can show it even when the report cannot be sent. */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID exists only in secure contexts (https, localhost).
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

function describe(error: unknown): { name: string; message: string } {
  if (error instanceof Error) return { name: error.name.slice(0, 100), message: error.message.slice(0, 500) };
  return { name: 'Error', message: String(error).slice(0, 500) };
}

/** The page that failed: what happened, a reload button and the id its report was logged under. */
function SomethingWentWrong({ error }: FallbackProps) {
  const { pathname } = useLocation();
  const [requestId] = useState(newRequestId);
  useEffect(() => {
    // Logged by the server under this id (masked); a failed report changes nothing on screen.
    api
      .POST('/api/site/client-errors', { body: { path: pathname.slice(0, 300), ...describe(error) }, headers: { 'X-Request-Id': requestId } })
      .catch(() => undefined);
  }, [error, pathname, requestId]);

  return (
    <Container maxW="2xl" py={{ base: '16', md: '24' }} textAlign="center" role="alert">
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
        Something went wrong
      </Heading>
      <Text mt="4" color="fg.muted">
        This page ran into a problem and could not be shown. Reloading it usually helps.
      </Text>
      <Button colorPalette="blue" mt="8" onClick={() => window.location.reload()}>
        Reload page
      </Button>
      <Text mt="6" fontSize="sm" color="fg.muted">
        If it keeps happening, tell us this request id: <Code data-testid="error-request-id">{requestId}</Code>
      </Text>
    </Container>
  );
}

/** One boundary per route: an error in a page shows the error page there; going to another page starts afresh. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary FallbackComponent={SomethingWentWrong} resetKeys={[pathname]}>
      {children}
    </ErrorBoundary>
  );
}
