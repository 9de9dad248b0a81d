import { Button, Container, Flex, Heading, Text } from '@chakra-ui/react';
import { useAuth } from '../auth/auth-context';
import { SignOutIcon } from '../components/icons';
import { notify } from '../components/toaster';

export default function DashboardPage() {
  const { state, signOut } = useAuth();
  const name = state.user?.displayName || 'User';

  async function handleSignOut() {
    try {
      await signOut(); // and goes to '/'
    } catch {
      notify.error('Failed to log out');
    }
  }

  return (
    <Container maxW="6xl" py="10">
      <Flex justify="space-between" align="center" gap="4" wrap="wrap">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          Welcome back, {name}!
        </Heading>
        <Button variant="outline" onClick={handleSignOut}>
          <SignOutIcon />
          Sign Out
        </Button>
      </Flex>
      <Text mt="4" color="gray.700">
        Your scans, scores and recent activity will appear here once scanning is available on this server.
      </Text>
    </Container>
  );
}
