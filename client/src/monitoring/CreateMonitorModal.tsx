import { Button, Dialog, Field, Flex, Input, NativeSelect, Portal, Stack, Tag, Text } from '@chakra-ui/react';
import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { useAnalytics } from '../analytics/analytics-context';
import { notify } from '../components/toaster';
import { useSiteInfo } from '../site/use-site-info';
import { createMonitor, type NewMonitorTargets } from './monitor-actions';
import { kindLabels, NO_DOMAIN_MESSAGE, NO_TARGETS_MESSAGE, NO_WEBSITE_MESSAGE, withEntry } from './monitor-display';
import type { MonitorKind, MonitorType } from './monitor-types';

const KIND_HELP: Record<MonitorKind, string> = {
  identity:
    "We re-check these on a schedule and tell you when something new appears. An address other than your account's verified one is checked only after its owner follows a verification link, which we email to it (on a server that sends email).",
  website:
    'Every run performs the full website check (in a browser when the server has one) and tells you when the site starts loading a new tracker or third party, sets new tracking cookies, loses a security header, drops its grade or stops honouring Global Privacy Control. The first run records how it is now.',
  domain:
    "Business plan. Every address at the domain, through Have I Been Pwned's domain search: you get an alert when any of them appears in a new breach. After creating it, you prove the domain is yours with a DNS TXT record or a file on its website.",
};

/** Why the domain option is off: the server has no Have I Been Pwned key, and its domain search needs one. */
export const DOMAIN_NOT_OFFERED = 'Not offered on this server: watching a whole email domain needs Have I Been Pwned, which this server is not set up to use.';

/** A text field whose entries collect in a removable list: Enter (or the Add button) adds. */
function EntryField({
  kind,
  label,
  placeholder,
  inputType,
  entries,
  draft,
  onDraft,
  onEntries,
}: {
  kind: 'email' | 'handle';
  label: string;
  placeholder: string;
  inputType: 'email' | 'text';
  entries: string[];
  draft: string;
  onDraft: (value: string) => void;
  onEntries: (entries: string[]) => void;
}) {
  function add() {
    onEntries(withEntry(entries, draft));
    onDraft('');
  }
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault(); // Enter adds the entry; it does not submit the form.
    add();
  }
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <Flex gap="2" w="full">
        <Input
          type={inputType}
          name={kind}
          placeholder={placeholder}
          value={draft}
          autoComplete="off"
          onChange={(e) => onDraft(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button type="button" variant="outline" onClick={add}>
          Add {kind}
        </Button>
      </Flex>
      <Field.HelperText>Press Enter to add each one.</Field.HelperText>
      {entries.length > 0 && (
        <Flex as="ul" gap="2" wrap="wrap" listStyleType="none" aria-label={`${label} to monitor`}>
          {entries.map((entry) => (
            <li key={entry}>
              <Tag.Root size="lg" colorPalette="blue" variant="subtle">
                <Tag.Label wordBreak="break-all">{entry}</Tag.Label>
                <Tag.EndElement>
                  <Tag.CloseTrigger aria-label={`Remove ${entry}`} onClick={() => onEntries(entries.filter((e) => e !== entry))} />
                </Tag.EndElement>
              </Tag.Root>
            </li>
          ))}
        </Flex>
      )}
    </Field.Root>
  );
}

function CreateMonitorForm({ onClose, onCreated }: { onClose: () => void; onCreated: () => void }) {
  const { track } = useAnalytics();
  const [kind, setKind] = useState<MonitorKind>('identity');
  // The server refuses a domain monitor without an HIBP key (409): the option says so instead. Until
  // the site's facts are known (or when they cannot be read) it stays, and the server's answer rules.
  const site = useSiteInfo();
  const domainOffered = site.status !== 'ready' || site.data.outsideServices.some((service) => service.id === 'hibp' && service.enabled);
  const [single, setSingle] = useState('');
  const [emails, setEmails] = useState<string[]>([]);
  const [handles, setHandles] = useState<string[]>([]);
  const [emailDraft, setEmailDraft] = useState('');
  const [handleDraft, setHandleDraft] = useState('');
  const [type, setType] = useState<MonitorType>('weekly');
  const [busy, setBusy] = useState(false);

  /** The form's targets, or the message to show when there are none. */
  function targetsOf(): { targets: NewMonitorTargets; count: number } | string {
    if (kind === 'website') return single.trim() ? { targets: { websites: [single.trim()] }, count: 1 } : NO_WEBSITE_MESSAGE;
    if (kind === 'domain') return single.trim() ? { targets: { domains: [single.trim()] }, count: 1 } : NO_DOMAIN_MESSAGE;
    // Text typed but not yet added still counts, with the same rules as Enter.
    const targets = { emails: withEntry(emails, emailDraft), handles: withEntry(handles, handleDraft) };
    setEmails(targets.emails);
    setHandles(targets.handles);
    setEmailDraft('');
    setHandleDraft('');
    const count = targets.emails.length + targets.handles.length;
    return count === 0 ? NO_TARGETS_MESSAGE : { targets, count };
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const planned = targetsOf();
    if (typeof planned === 'string') {
      notify.error(planned);
      return;
    }
    setBusy(true);
    const created = await createMonitor(type, planned.targets);
    setBusy(false);
    if (!created) return;
    track('monitor_created', { monitor_type: type, target_count: planned.count });
    onCreated();
    onClose();
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Dialog.Header>
        <Dialog.Title>Create Monitor</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="5">
          <Field.Root>
            <Field.Label>What to watch</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field name="kind" value={kind} onChange={(e) => setKind(e.target.value as MonitorKind)}>
                <option value="identity">{kindLabels.identity}</option>
                <option value="website">A website</option>
                <option value="domain" disabled={!domainOffered}>
                  {domainOffered ? 'A whole email domain (Business)' : 'A whole email domain (not offered on this server)'}
                </option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Text color="fg.muted">{KIND_HELP[kind]}</Text>
          {!domainOffered && (
            <Text color="fg.muted" fontSize="sm" data-testid="domain-not-offered">
              {DOMAIN_NOT_OFFERED}
            </Text>
          )}
          {kind === 'website' && (
            <Field.Root>
              <Field.Label>Website address</Field.Label>
              <Input name="website" type="url" placeholder="https://example.com" value={single} autoComplete="url" onChange={(e) => setSingle(e.target.value)} />
            </Field.Root>
          )}
          {kind === 'domain' && (
            <Field.Root>
              <Field.Label>Email domain</Field.Label>
              <Input name="domain" placeholder="example.com" value={single} autoComplete="off" onChange={(e) => setSingle(e.target.value)} />
              <Field.HelperText>The part after the @ of your organisation's addresses.</Field.HelperText>
            </Field.Root>
          )}
          {kind === 'identity' && (
            <>
              <EntryField
                kind="email"
                label="Email addresses"
                placeholder="you@example.com"
                inputType="email"
                entries={emails}
                draft={emailDraft}
                onDraft={setEmailDraft}
                onEntries={setEmails}
              />
              <EntryField
                kind="handle"
                label="Social media handles"
                placeholder="@username"
                inputType="text"
                entries={handles}
                draft={handleDraft}
                onDraft={setHandleDraft}
                onEntries={setHandles}
              />
            </>
          )}
          <Field.Root>
            <Field.Label>Frequency</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field name="type" value={type} onChange={(e) => setType(e.target.value as MonitorType)}>
                <option value="weekly">Weekly (every 7 days)</option>
                <option value="monthly">Monthly (every 30 days)</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" colorPalette="blue" loading={busy}>
          Create Monitor
        </Button>
      </Dialog.Footer>
    </form>
  );
}

/** The create-monitor modal ("New monitor"); its form starts empty each time it opens. */
export function CreateMonitorModal({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: () => void }) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} placement="center" lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <CreateMonitorForm onClose={onClose} onCreated={onCreated} />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
