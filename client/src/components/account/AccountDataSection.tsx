import { Button, Card, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { api, errorMessage } from '../../api/client';
import { useAuth } from '../../auth/auth-context';
import { PasswordField } from '../form-fields';
import { notify } from '../toaster';
import { ConfirmDialog } from './ConfirmDialog';

/** 'Download my data' (JSON export) and 'Delete account' (asks for the password first). */
export function AccountDataSection() {
  const { clearSession } = useAuth();
  const [exporting, setExporting] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [deleteError, setDeleteError] = useState<string>();
  const [deleting, setDeleting] = useState(false);

  async function handleExport() {
    setExporting(true);
    try {
      const { data, error } = await api.GET('/api/auth/account/export');
      if (!data) {
        notify.error(`Failed to download your data: ${errorMessage(error, 'Please try again.')}`);
        return;
      }
      const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = 'footprint-account.json';
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1_000);
    } catch {
      notify.error('Failed to download your data: Network error');
    } finally {
      setExporting(false);
    }
  }

  function closeDelete() {
    setDeleteOpen(false);
    setPassword('');
    setDeleteError(undefined);
  }

  async function handleDelete() {
    setDeleting(true);
    setDeleteError(undefined);
    try {
      const { response, error } = await api.DELETE('/api/auth/account', { body: password ? { password } : {} });
      if (response.ok) {
        clearSession(); // and goes to '/'
        notify.success('Your account has been deleted.');
        return;
      }
      setDeleteError(errorMessage(error, 'Could not delete the account. Please try again.'));
    } catch {
      setDeleteError('Network error. Please try again.');
    }
    setDeleting(false);
  }

  return (
    <Card.Root variant="outline" mt="6">
      <Card.Body gap="5">
        <Heading as="h2" size="lg">
          Your data
        </Heading>
        <Flex justify="space-between" align={{ base: 'stretch', sm: 'center' }} gap="3" direction={{ base: 'column', sm: 'row' }}>
          <Text color="fg.muted">A JSON file with everything Footprint keeps about your account (no passwords or tokens).</Text>
          <Button variant="outline" onClick={() => void handleExport()} loading={exporting} flexShrink={0}>
            Download my data
          </Button>
        </Flex>
        <Flex justify="space-between" align={{ base: 'stretch', sm: 'center' }} gap="3" direction={{ base: 'column', sm: 'row' }}>
          <Text color="fg.muted">Deleting your account removes it and all its data for good.</Text>
          <Button colorPalette="red" variant="outline" onClick={() => setDeleteOpen(true)} flexShrink={0}>
            Delete account
          </Button>
        </Flex>
      </Card.Body>
      <ConfirmDialog
        open={deleteOpen}
        title="Delete your account?"
        confirmLabel="Delete my account"
        busy={deleting}
        onConfirm={() => void handleDelete()}
        onClose={closeDelete}
      >
        <Stack gap="4">
          <Text>This deletes your account, sessions, API tokens and all your data. It cannot be undone.</Text>
          <PasswordField
            label="Current password"
            name="currentPassword"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
            error={deleteError}
            helper="If you only sign in with Google, leave this empty."
          />
        </Stack>
      </ConfirmDialog>
    </Card.Root>
  );
}
