import request from 'supertest';
import { DataSource } from 'typeorm';
import { BackgroundTasks } from '../../server/src/auth/background-tasks.service';
import { Mailer, MailMessage } from '../../server/src/mail/mail.types';
import type { TestApp } from './test-app';

export const CSRF = { 'X-Footprint-CSRF': '1' } as const;
export const PASSWORD = 'correct-horse-1';

let ipCounter = 0;
/** A fresh client address per call (the app trusts X-Forwarded-For from loopback), so rate limits stay apart. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

let emailCounter = 0;
export function freshEmail(label = 'user'): string {
  emailCounter += 1;
  return `${label}.${process.pid}.${emailCounter}.${Date.now()}@example.test`;
}

export interface SignedUp {
  email: string;
  password: string;
  accessToken: string;
  userId: string;
  /** The fp_refresh cookie value. */
  refresh: string;
  agent: ReturnType<typeof request.agent>;
}

/** Signs up through the API with an agent that keeps the refresh cookie. */
export async function signUp(t: TestApp, email = freshEmail(), password = PASSWORD): Promise<SignedUp> {
  const agent = request.agent(t.app.getHttpServer());
  const res = await agent.post('/api/auth/signup').set('X-Forwarded-For', freshIp()).send({ email, password });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { email, password, accessToken: res.body.accessToken, userId: res.body.user.id, refresh: refreshCookieOf(res)!, agent };
}

/** The value of the fp_refresh cookie a response sets ('' when it clears it), or undefined. */
export function refreshCookieOf(res: request.Response): string | undefined {
  const header = setCookieHeader(res);
  const match = header && /^fp_refresh=([^;]*)/.exec(header);
  return match ? decodeURIComponent(match[1]) : undefined;
}

export function setCookieHeader(res: request.Response): string | undefined {
  const cookies = res.headers['set-cookie'] as unknown as string[] | undefined;
  return cookies?.find((c) => c.startsWith('fp_refresh='));
}

/** Records every message the app sends (and still sends it through the real mail module). */
export function recordMail(t: TestApp): { messages: MailMessage[]; to(address: string): MailMessage[] } {
  const mailer = t.app.get(Mailer);
  const messages: MailMessage[] = [];
  const original = mailer.send.bind(mailer);
  jest.spyOn(mailer, 'send').mockImplementation(async (message: MailMessage) => {
    messages.push(message);
    await original(message);
  });
  return { messages, to: (address) => messages.filter((m) => m.to === address) };
}

/** Waits until the app's background work (emails after sign-up and reset requests) is done. */
export function backgroundIdle(t: TestApp): Promise<void> {
  return t.app.get(BackgroundTasks).idle();
}

export function tokenFromLink(message: MailMessage, path: 'verify-email' | 'reset-password'): string {
  const match = new RegExp(`/${path}\\?token=([A-Za-z0-9_-]+)`).exec(message.text);
  if (!match) throw new Error(`no ${path} link in: ${message.text}`);
  return match[1];
}

export function query<T = Record<string, unknown>>(t: TestApp, sql: string, params: unknown[] = []): Promise<T[]> {
  return t.app.get(DataSource).query(sql, params);
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * The rate limits count in fixed windows aligned to the epoch: a test that fills one must not
 * straddle a window's edge. Waits for the next window when less than `marginMs` of this one is left.
 */
export async function awayFromWindowEdge(windowSeconds: number, marginMs = 15_000): Promise<void> {
  const windowMs = windowSeconds * 1000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
