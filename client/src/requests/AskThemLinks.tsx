import { Flex, Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useAuth } from '../auth/auth-context';
import { requestLink } from './request-types';

/**
 * "Ask them to delete / to show what they hold" under a finding that names an organisation (a
 * breached site, a tracker company): opens the request page, which looks the organisation up in
 * the catalogue (or says why it is not there). Signed-in people only: requests are kept per account.
 */
export function AskThemLinks({ label, domains, company }: { label: string; domains?: readonly string[]; company?: string }) {
  const { state } = useAuth();
  if (state.status !== 'signedIn') return null;
  return (
    <Flex gap="3" wrap="wrap" fontSize="sm" data-testid="ask-them">
      <Link asChild colorPalette="blue">
        <RouterLink to={requestLink({ label, domains, company, kind: 'erasure' })}>Ask them to delete</RouterLink>
      </Link>
      <Link asChild colorPalette="blue">
        <RouterLink to={requestLink({ label, domains, company, kind: 'access' })}>Ask them to show what they hold</RouterLink>
      </Link>
    </Flex>
  );
}
