import * as z from 'zod';
import { seededRandom } from './random.js';

/** A rule: requests it matches are delayed, failed, rate limited or cut off. */
export const FaultRule = z
  .object({
    method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', '*']).default('*').describe('method to match, or *'),
    path: z.string().min(1).max(512).describe('path pattern under /v1: * matches one segment, ** any number, e.g. /v1/spaces/*'),
    latencyMs: z
      .union([z.number().int().min(0).max(60_000), z.tuple([z.number().int().min(0), z.number().int().max(60_000)])])
      .optional()
      .describe('fixed delay, or [min, max] for a random one'),
    status: z.number().int().min(400).max(599).optional().describe('answer with this error status'),
    message: z.string().max(500).optional(),
    retryAfter: z.number().int().min(0).max(3600).optional().describe('Retry-After seconds (with status 429 or 503)'),
    reset: z.boolean().optional().describe('destroy the connection without an answer'),
    count: z.number().int().min(1).optional().describe('apply to this many matching requests, then stop'),
    probability: z.number().min(0).max(1).default(1).describe('chance of applying to a matching request'),
  })
  .refine((r) => r.latencyMs !== undefined || r.status !== undefined || r.reset, { message: 'a rule needs latencyMs, status or reset' });
export type FaultRuleInput = z.input<typeof FaultRule>;

interface Rule {
  id: string;
  rule: z.output<typeof FaultRule>;
  regex: RegExp;
  remaining: number;
  hits: number;
}

export interface FaultAction {
  ruleId: string;
  delayMs: number;
  status?: number;
  message?: string;
  retryAfter?: number;
  reset?: boolean;
}

function compile(pattern: string): RegExp {
  const p = pattern.startsWith('/') ? pattern : `/${pattern}`;
  const body = p
    .split('/')
    .map((seg) =>
      seg === '**'
        ? '.*'
        : seg
            .split('*')
            .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
            .join('[^/]*'),
    )
    .join('/');
  return new RegExp(`^${body}/?$`);
}

/** Fault rules by method and path pattern, limited by count or probability, drawn from a seeded generator. */
export class Faults {
  private rules: Rule[] = [];
  private seq = 0;
  private rnd: () => number;

  constructor(seed = Date.now()) {
    this.rnd = seededRandom(seed);
  }

  add(input: unknown): { id: string } & z.output<typeof FaultRule> {
    const rule = FaultRule.parse(input);
    const id = `fault-${++this.seq}`;
    this.rules.push({ id, rule, regex: compile(rule.path), remaining: rule.count ?? Infinity, hits: 0 });
    return { id, ...rule };
  }

  list() {
    return this.rules.map((r) => ({ id: r.id, ...r.rule, hits: r.hits, ...(Number.isFinite(r.remaining) ? { remaining: r.remaining } : {}) }));
  }

  remove(id: string): boolean {
    const before = this.rules.length;
    this.rules = this.rules.filter((r) => r.id !== id);
    return this.rules.length < before;
  }

  clear(): void {
    this.rules = [];
  }

  /** The first rule that applies to this request, consuming one of its uses. */
  match(method: string, path: string): FaultAction | undefined {
    for (const r of this.rules) {
      if (r.remaining <= 0) continue;
      if (r.rule.method !== '*' && r.rule.method !== method) continue;
      if (!r.regex.test(path)) continue;
      if (this.rnd() >= r.rule.probability) continue;
      r.remaining--;
      r.hits++;
      const l = r.rule.latencyMs;
      const delayMs = l === undefined ? 0 : Array.isArray(l) ? l[0] + Math.floor(this.rnd() * (l[1] - l[0] + 1)) : l;
      return {
        ruleId: r.id,
        delayMs,
        ...(r.rule.status !== undefined ? { status: r.rule.status } : {}),
        ...(r.rule.message !== undefined ? { message: r.rule.message } : {}),
        ...(r.rule.retryAfter !== undefined ? { retryAfter: r.rule.retryAfter } : r.rule.status === 429 ? { retryAfter: 1 } : {}),
        ...(r.rule.reset ? { reset: true } : {}),
      };
    }
    return undefined;
  }
}
