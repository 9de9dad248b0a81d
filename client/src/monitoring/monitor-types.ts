import type { operations } from '../../../openapi/schema';

// Taken from the operations rather than schema names, so a renamed DTO class does not break the client.
type Json<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;

export type MonitorList = Json<operations['listMonitors']['responses'][200]>;
export type Monitor = MonitorList['monitors'][number];
export type MonitorRun = Monitor['lastRuns'][number];
export type MonitorType = Monitor['type'];
export type MonitorNotice = Json<operations['listMonitorNotices']['responses'][200]>['notices'][number];
