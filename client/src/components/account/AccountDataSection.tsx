import { useId, useState } from 'react';
import { api, errorMessage } from '../../api/client';
import { useAuth } from '../../auth/auth-context';
import { ButtonSpinner, PasswordField } from '../form-fields';
import { notify } from '../toaster';
import { LazyConfirmDialog } from './LazyConfirmDialog';

/**
 * 'Download my data' (JSON export) and 'Delete account' (asks for the password first). Drawn without
 * Chakra's runtime (theme/shell-styles.ts, "Your data"); the deletion dialog loads Chakra when it opens.
 */
export function AccountDataSection() {
  const { clearSession } = useAuth();
  const [exporting, setExporting] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [deleteError, setDeleteError] = useState<string>();
  const [deleting, setDeleting] = useState(false);
  const titleId = useId();

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
    <section className="sh-account-card" aria-labelledby={titleId}>
      <div className="sh-account-data-body">
        <h2 id={titleId} className="sh-account-section-title">
          Your data
        </h2>
        <div className="sh-account-data-row">
          <p className="sh-muted">A JSON file with everything Footprint keeps about your account (no passwords or tokens).</p>
          <button
            type="button"
            className="sh-account-data-button"
            onClick={() => void handleExport()}
            disabled={exporting}
            data-loading={exporting || undefined}
            aria-busy={exporting || undefined}
          >
            <ButtonSpinner show={exporting} />
            Download my data
          </button>
        </div>
        <div className="sh-account-data-row">
          <p className="sh-muted">Deleting your account removes it and all its data for good.</p>
          <button type="button" className="sh-account-delete-button" onClick={() => setDeleteOpen(true)}>
            Delete account
          </button>
        </div>
      </div>
      <LazyConfirmDialog
        open={deleteOpen}
        title="Delete your account?"
        confirmLabel="Delete my account"
        busy={deleting}
        onConfirm={() => void handleDelete()}
        onClose={closeDelete}
      >
        <div className="sh-stack-4">
          <p>This deletes your account, sessions, API tokens and all your data. It cannot be undone.</p>
          <PasswordField
            label="Current password"
            name="currentPassword"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
            error={deleteError}
            helper="If you only sign in with Google, leave this empty."
          />
        </div>
      </LazyConfirmDialog>
    </section>
  );
}
