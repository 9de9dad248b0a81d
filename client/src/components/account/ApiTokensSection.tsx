import { type FormEvent, useId, useState } from 'react';
import type { components } from '../../../../openapi/schema';
import { api, errorMessage } from '../../api/client';
import { everyPage } from '../../api/every-page';
import { useQuery } from '../../hooks/use-query';
import { notify } from '../toaster';
import { LazyConfirmDialog } from './LazyConfirmDialog';
import { formatDateTime } from '../../format';
import { ButtonSpinner } from '../form-fields';
import { alertCircleShape, chevronDownShape, StrokeSvg } from '../icon-shapes';
import { paletteClass } from '../palette-class';

type ApiToken = components['schemas']['ApiTokenDto'];
type CreatedToken = components['schemas']['CreatedApiTokenDto'];
type Scope = ApiToken['scope'];

/** The expiries offered, in days ('' never expires); the API takes any whole number from 1 to 365. */
const EXPIRY_CHOICES = [
  { value: '', label: 'Never' },
  { value: '7', label: 'In 7 days' },
  { value: '30', label: 'In 30 days' },
  { value: '90', label: 'In 90 days' },
  { value: '365', label: 'In a year' },
];

/** Every token of the account, page after page (revoked and expired ones are listed too). */
async function fetchTokens(): Promise<ApiToken[] | undefined> {
  const list = await everyPage(
    async (page, pageSize) => (await api.GET('/api/auth/tokens', { params: { query: { page, pageSize } } })).data,
    (answer) => answer.tokens,
    (first, tokens) => ({ ...first, tokens }),
  );
  return list?.tokens;
}

const orNever = (iso: string | null) => (iso ? formatDateTime(iso) : 'Never');
const scopeLabel = (scope: Scope) => (scope === 'read-only' ? 'Read only' : 'Read and write');

/**
 * Personal API tokens: create (the secret is shown once), list, revoke. Drawn without Chakra's runtime
 * (theme/shell-styles.ts, "API tokens"), like the rest of the account page; the revoke confirmation
 * loads Chakra when it opens.
 */
export function ApiTokensSection() {
  const [loaded, reload] = useQuery('api-tokens', fetchTokens, { keepPrevious: true });
  const tokens = loaded.status === 'ready' ? loaded.data : loaded.status;
  const [name, setName] = useState('');
  const [scope, setScope] = useState<Scope>('read-write');
  const [expiry, setExpiry] = useState('');
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedToken>();
  const [revoking, setRevoking] = useState<ApiToken>();
  const [busy, setBusy] = useState(false);
  const fieldId = useId();

  async function handleCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!name.trim()) {
      notify.error('Please give the token a name');
      return;
    }
    setCreating(true);
    try {
      const { data, error } = await api.POST('/api/auth/tokens', {
        body: { name: name.trim(), scope, expiresInDays: expiry ? Number(expiry) : null },
      });
      if (data) {
        setCreated(data);
        setName('');
        setScope('read-write');
        setExpiry('');
        reload();
      } else {
        notify.error(`Failed to create token: ${errorMessage(error, 'Please try again.')}`);
      }
    } catch {
      notify.error('Failed to create token: Network error');
    } finally {
      setCreating(false);
    }
  }

  async function copySecret(secret: string) {
    try {
      await navigator.clipboard.writeText(secret);
      notify.success('Token copied to the clipboard');
    } catch {
      notify.error('Could not copy: select the token and copy it yourself');
    }
  }

  async function handleRevoke() {
    if (!revoking) return;
    setBusy(true);
    try {
      const { response, error } = await api.DELETE('/api/auth/tokens/{id}', { params: { path: { id: revoking.id } } });
      if (response.ok) {
        notify.success(`Token '${revoking.name}' revoked`);
        if (created?.id === revoking.id) setCreated(undefined);
        setRevoking(undefined);
        reload();
      } else {
        notify.error(`Failed to revoke token: ${errorMessage(error, 'Please try again.')}`);
      }
    } catch {
      notify.error('Failed to revoke token: Network error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="sh-account-card" aria-labelledby={`${fieldId}-title`}>
      <div className="sh-account-card-body">
        <h2 id={`${fieldId}-title`} className="sh-account-section-title">
          API tokens
        </h2>
        <p className="sh-muted">
          Personal tokens let your scripts call the Footprint API as you: send one as{' '}
          <code className="sh-code">Authorization: Bearer &lt;token&gt;</code>. A read-only token can only read (GET requests); an expiring
          token stops working on its date. See the{' '}
          <a href="/api/docs" className="sh-link">
            API reference
          </a>
          .
        </p>

        {created && (
          <div className="sh-token-created" role="status">
            <div className="sh-token-created-head">
              <StrokeSvg shape={alertCircleShape} className="sh-alert-indicator" />
              <div className="sh-alert-title">Copy your new token '{created.name}' now: it will not be shown again.</div>
            </div>
            <div className="sh-token-created-actions">
              <input className="sh-token-secret" readOnly value={created.token} aria-label="New API token" onFocus={(e) => e.target.select()} />
              <button type="button" className="sh-button" onClick={() => void copySecret(created.token)}>
                Copy
              </button>
              <button type="button" className="sh-button-outline-panel" onClick={() => setCreated(undefined)}>
                Done
              </button>
            </div>
          </div>
        )}

        <form onSubmit={handleCreate} noValidate>
          <div className="sh-token-form">
            <div className="sh-token-name-field">
              <label htmlFor={`${fieldId}-name`} className="sh-field-label">
                Token name
              </label>
              <input
                id={`${fieldId}-name`}
                className="sh-input"
                name="tokenName"
                placeholder="e.g. Nightly export script"
                maxLength={100}
                value={name}
                onChange={(e) => setName(e.target.value)}
              />
            </div>
            <div className="sh-token-access-field">
              <label htmlFor={`${fieldId}-scope`} className="sh-field-label">
                Access
              </label>
              <div className="sh-select">
                <select id={`${fieldId}-scope`} className="sh-select-field" name="tokenScope" value={scope} onChange={(e) => setScope(e.target.value as Scope)}>
                  <option value="read-write">Read and write</option>
                  <option value="read-only">Read only</option>
                </select>
                <StrokeSvg shape={chevronDownShape} className="sh-select-indicator" />
              </div>
            </div>
            <div className="sh-token-expiry-field">
              <label htmlFor={`${fieldId}-expiry`} className="sh-field-label">
                Expires
              </label>
              <div className="sh-select">
                <select id={`${fieldId}-expiry`} className="sh-select-field" name="tokenExpiry" value={expiry} onChange={(e) => setExpiry(e.target.value)}>
                  {EXPIRY_CHOICES.map((choice) => (
                    <option key={choice.value} value={choice.value}>
                      {choice.label}
                    </option>
                  ))}
                </select>
                <StrokeSvg shape={chevronDownShape} className="sh-select-indicator" />
              </div>
            </div>
            <button type="submit" className="sh-token-create" disabled={creating} data-loading={creating || undefined} aria-busy={creating || undefined}>
              <ButtonSpinner show={creating} />
              Create token
            </button>
          </div>
        </form>

        {tokens === 'loading' && <p className="sh-muted">Loading tokens…</p>}
        {tokens === 'error' && <p className="sh-text-red">Could not load your tokens.</p>}
        {Array.isArray(tokens) && tokens.length === 0 && <p className="sh-muted">You have no API tokens.</p>}
        {Array.isArray(tokens) && tokens.length > 0 && (
          <div className="sh-table-scroll">
            <table className="sh-table" aria-label="API tokens">
              <thead>
                <tr className="sh-table-row">
                  <th className="sh-table-column-header">Name</th>
                  <th className="sh-table-column-header">Prefix</th>
                  <th className="sh-table-column-header">Access</th>
                  <th className="sh-table-column-header">Created</th>
                  <th className="sh-table-column-header">Expires</th>
                  <th className="sh-table-column-header">Last used</th>
                  <th className="sh-table-column-header">
                    <span className="sh-visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {tokens.map((token) => (
                  <tr key={token.id} className="sh-table-row">
                    <td className="sh-table-cell">{token.name}</td>
                    <td className="sh-table-cell">
                      <code className="sh-code">fp_{token.prefix}_…</code>
                    </td>
                    <td className="sh-table-cell">
                      <span className={`sh-badge ${paletteClass(token.scope === 'read-only' ? 'gray' : 'blue')}`}>{scopeLabel(token.scope)}</span>
                    </td>
                    <td className="sh-table-cell">{formatDateTime(token.createdAt)}</td>
                    <td className="sh-table-cell">{orNever(token.expiresAt)}</td>
                    <td className="sh-table-cell">{orNever(token.lastUsedAt)}</td>
                    <td className="sh-table-cell-end">
                      <button type="button" className="sh-button-xs-outline-red" onClick={() => setRevoking(token)} aria-label={`Revoke ${token.name}`}>
                        Revoke
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      <LazyConfirmDialog
        open={revoking !== undefined}
        title="Revoke API token?"
        confirmLabel="Revoke token"
        busy={busy}
        onConfirm={() => void handleRevoke()}
        onClose={() => setRevoking(undefined)}
      >
        <p>Scripts using '{revoking?.name}' will stop working at once. This cannot be undone.</p>
      </LazyConfirmDialog>
    </section>
  );
}
