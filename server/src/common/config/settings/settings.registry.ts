import type { SettingGroup } from '../setting.schema';
import { authSettings } from './auth.settings';
import { billingSettings } from './billing.settings';
import { browserAuditSettings } from './browser-audit.settings';
import { databaseSettings } from './database.settings';
import { fetchSettings } from './fetch.settings';
import { mailSettings } from './mail.settings';
import { monitoringSettings } from './monitoring.settings';
import { requestsSettings } from './requests.settings';
import { scansSettings } from './scans.settings';
import { serverSettings } from './server.settings';

/** Every group of settings, in the order the documents show them. A new group is added here. */
export const SETTING_GROUPS: readonly SettingGroup[] = [
  serverSettings,
  databaseSettings,
  mailSettings,
  authSettings,
  scansSettings,
  fetchSettings,
  browserAuditSettings,
  monitoringSettings,
  requestsSettings,
  billingSettings,
];
