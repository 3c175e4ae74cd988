/**
 * Scripted misbehaviour of the federation endpoints: errors (503 by default), slow answers,
 * 204 from the detail call, malformed answers (rows missing required fields, or a body cut short). A rule applies to the next `times` matching calls,
 * or to every matching call until the rules are cleared.
 */
import { ENDPOINTS, type Endpoint } from './wire';

export type FaultKind = 'error' | 'slow' | 'no-content' | 'malformed';

export interface FaultRule {
  readonly kind: FaultKind;
  /** Only this endpoint; by default every endpoint the kind makes sense for. */
  readonly endpoint?: Endpoint | undefined;
  /** How many matching calls it affects; undefined = until cleared. */
  readonly times?: number | undefined;
  /** For `error`: the status to answer (default 503). */
  readonly status?: number | undefined;
  /** For `slow`: the delay before answering. */
  readonly delayMs?: number | undefined;
  /** Only calls about this competition (its detail, files and downloads; list calls filtered on it). */
  readonly guid?: string | undefined;
}

export interface ActiveFault extends FaultRule {
  readonly id: number;
  /** Calls still to affect; undefined = until cleared. */
  remaining: number | undefined;
}

/** What a call must do, after consuming the rules that apply to it. */
export interface FaultDecision {
  readonly delayMs: number;
  readonly errorStatus: number | undefined;
  readonly noContent: boolean;
  readonly malformed: boolean;
}

/** Which endpoints each kind applies to when the rule names none. */
const DEFAULT_ENDPOINTS: Record<FaultKind, readonly Endpoint[]> = {
  error: ENDPOINTS,
  slow: ENDPOINTS,
  'no-content': ['detail'],
  // List and detail lose required fields; the other calls answer a body cut short.
  malformed: ['list', 'detail', 'card', 'documents', 'rules', 'ordersOfPlay', 'draw', 'download'],
};

export class FaultRuleError extends Error {}

export class Faults {
  private rules: ActiveFault[] = [];
  private nextId = 1;

  add(rule: FaultRule): ActiveFault {
    if (rule.endpoint && !DEFAULT_ENDPOINTS[rule.kind].includes(rule.endpoint)) {
      throw new FaultRuleError(
        `A ${rule.kind} fault applies to ${DEFAULT_ENDPOINTS[rule.kind].join(', ')} only`,
      );
    }
    if (rule.kind === 'slow' && (rule.delayMs === undefined || rule.delayMs < 0)) {
      throw new FaultRuleError('A slow fault needs delayMs ≥ 0');
    }
    if (rule.times !== undefined && (!Number.isInteger(rule.times) || rule.times < 1)) {
      throw new FaultRuleError('times must be a positive integer');
    }
    const status = rule.kind === 'error' ? (rule.status ?? 503) : undefined;
    if (status !== undefined && (!Number.isInteger(status) || status < 400 || status > 599)) {
      throw new FaultRuleError('status must be an HTTP error status (400-599)');
    }
    const active: ActiveFault = {
      ...rule,
      ...(status && { status }),
      id: this.nextId++,
      remaining: rule.times,
    };
    this.rules.push(active);
    return active;
  }

  clear(): void {
    this.rules = [];
  }

  list(): readonly ActiveFault[] {
    return this.rules.map((r) => ({ ...r }));
  }

  /** Applies the rules matching this call, consuming one use of each. */
  take(endpoint: Endpoint, guid?: string): FaultDecision {
    let delayMs = 0;
    let errorStatus: number | undefined;
    let noContent = false;
    let malformed = false;
    for (const rule of this.rules) {
      const endpoints = rule.endpoint ? [rule.endpoint] : DEFAULT_ENDPOINTS[rule.kind];
      if (!endpoints.includes(endpoint)) continue;
      if (rule.guid !== undefined && rule.guid !== guid?.trim().toUpperCase()) continue;
      switch (rule.kind) {
        case 'slow':
          delayMs = Math.max(delayMs, rule.delayMs ?? 0);
          break;
        case 'error':
          errorStatus ??= rule.status ?? 503;
          break;
        case 'no-content':
          noContent = true;
          break;
        case 'malformed':
          malformed = true;
          break;
      }
      if (rule.remaining !== undefined) rule.remaining--;
    }
    this.rules = this.rules.filter((r) => r.remaining === undefined || r.remaining > 0);
    return { delayMs, errorStatus, noContent, malformed };
  }
}
