import { BadRequestException } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

/** Deeper JSON than any of our bodies needs (the deepest is about 4) is refused before validation. */
export const MAX_JSON_DEPTH = 32;
export const INPUT_MESSAGES = {
  tooDeep: 'The request body is nested too deeply',
  badCharacter: (field: string) => `${field} contains a character that is not allowed (a NUL character or a broken Unicode surrogate)`,
} as const;

/** A UTF-16 surrogate without its pair: not valid Unicode (PostgreSQL and UTF-8 cannot hold it). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A NUL (PostgreSQL cannot store it in text) or a lone surrogate. */
export function hasForbiddenCharacter(value: string): boolean {
  return value.includes('\0') || LONE_SURROGATE.test(value);
}

interface Visit {
  value: unknown;
  depth: number;
  path: string;
}

const join = (path: string, key: string | number) =>
  typeof key === 'number' ? `${path}[${key}]` : /^[A-Za-z_$][\w$]*$/.test(key) ? (path ? `${path}.${key}` : key) : `${path}[${JSON.stringify(key)}]`;

/**
 * What is wrong with a parsed body or query, or undefined: nesting deeper than MAX_JSON_DEPTH
 * (validators and serialisers recurse, so a few thousand levels would overflow their stacks),
 * or a string or key with a NUL or a lone surrogate, named by its path (`parameters.url`).
 * Walks with its own stack, so the check itself cannot overflow.
 */
export function inputProblem(root: unknown, rootPath = ''): string | undefined {
  const stack: Visit[] = [{ value: root, depth: 0, path: rootPath }];
  while (stack.length > 0) {
    const { value, depth, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (hasForbiddenCharacter(value)) return INPUT_MESSAGES.badCharacter(path || 'The request body');
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) return INPUT_MESSAGES.tooDeep;
    if (Array.isArray(value)) {
      value.forEach((item, index) => stack.push({ value: item, depth: depth + 1, path: join(path, index) }));
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      if (hasForbiddenCharacter(key)) return INPUT_MESSAGES.badCharacter(`A field name in ${path || 'the request body'}`);
      stack.push({ value: item, depth: depth + 1, path: join(path, key) });
    }
  }
  return undefined;
}

/**
 * Express middleware after the JSON parser: bad input is a 400 naming the field, never a 500
 * from deep in a validator or from PostgreSQL ("invalid byte sequence", "unsupported Unicode
 * escape sequence"). Applies to JSON bodies and to query strings.
 */
export function requestInputGuard() {
  return (req: Request, _res: Response, next: NextFunction) => {
    const problem = inputProblem(req.body) ?? inputProblem(req.query);
    next(problem ? new BadRequestException(problem) : undefined);
  };
}
