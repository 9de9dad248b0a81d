import type { operations } from '../../../openapi/schema';

// Taken from the operations rather than schema names, so a renamed DTO class does not break the client.
type Json<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;

export type MonitorList = Json<operations['listMonitors']['responses'][200]>;
export type Monitor = MonitorList['monitors'][number];
export type MonitorRun = Monitor['lastRuns'][number];
export type MonitorChange = MonitorRun['changes'][number];
export type MonitorType = Monitor['type'];
export type MonitorKind = Monitor['kind'];
export type MonitorDomain = NonNullable<Monitor['domain']>;
export type MonitorWebsite = NonNullable<Monitor['website']>;
export type MonitorNotice = Json<operations['listMonitorNotices']['responses'][200]>['notices'][number];
export type MonitorRunList = Json<operations['listMonitorRuns']['responses'][200]>;
export type DomainBreaches = Json<operations['listDomainBreaches']['responses'][200]>;
