import type request from 'supertest';

/** A supertest parser that keeps a text/event-stream answer whole, as text. */
export function eventStreamText(res: request.Response, callback: (err: Error | null, body: string) => void): void {
  let text = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => (text += chunk));
  res.on('end', () => callback(null, text));
}

/** The server-sent events of such an answer: each event's name and its JSON data. */
export function eventsOf(body: unknown): { event?: string; data: unknown }[] {
  return String(body)
    .split('\n\n')
    .filter(Boolean)
    .map((block) => ({ event: /^event: (.+)$/m.exec(block)?.[1], data: JSON.parse(/^data: (.+)$/m.exec(block)?.[1] ?? 'null') as unknown }));
}
