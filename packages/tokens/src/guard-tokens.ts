import { defineMiddleware, feedLines, type StreamEvent, type TextMiddleware } from '@parley/core';
import { type CheckTokensOptions, checkTokens, type TokenEvents, validateTokens } from './check-tokens';
import { createRoleRegistry } from './role-registry';
import { barReason, barredCall } from './barred-call';
import { TokenScanner } from './token-scanner';
import type { TokenViolation } from './token-violation';

/** What a guard does with what it finds. */
export type GuardMode = 'validate' | 'repair' | 'enforce';

/** Options of {@link guardTokens}. */
export interface GuardTokensOptions extends CheckTokensOptions {
  /**
   * `validate`: text passes unchanged, events report. `repair`: also fixes what is unambiguous.
   * `enforce`: also replaces a barred INVOKE with BLOCKED + ASSUMPTION before it goes out.
   */
  readonly mode: GuardMode;
}

/** The events of {@link guardTokens}: those of the output, plus each change made. */
export interface GuardEvents extends TokenEvents {
  /** A line was repaired (`repair` and `enforce` modes). */
  readonly repair: StreamEvent & { readonly line: number; readonly code: string; readonly before: string; readonly after: string };
  /** A barred INVOKE was replaced (`enforce` mode). */
  readonly block: StreamEvent & { readonly line: number; readonly role: string; readonly code: string; readonly before: string; readonly after: string };
}

/** Violations whose fix is only a matter of form, safe to apply without asking. */
const repairable = new Set(['TOKEN_CASE', 'UPPERCASE_ROLE', 'UNKNOWN_ROLE', 'INVOKE_FORM', 'MISSING_PIPE', 'CONFIDENCE_VOCABULARY', 'WRONG_CLOSE', 'MALFORMED_CHAIN']);
/** Violations that bar an INVOKE from going out (R4, R6). */
const barring = new Set(['SELF_INVOCATION', 'CIRCULAR_CALL', 'DEPTH_LIMIT', 'INVOKE_IN_INDEPENDENT_PHASE', 'INVOKE_IN_CRITIQUE_PHASE']);

/**
 * A token guard for a stream: {@link validateTokens} in `validate` mode; in `repair` and `enforce`
 * modes each line is released when it ends (a RESPONSE block when it closes), after the changes
 * the mode allows, and the events describe the output.
 *
 * `repair` fixes only what is unambiguous: keyword and role case, known role aliases, the
 * `INVOKE cfo: …` form, a missing `|` after a known role, the confidence's case, `[END]` for
 * `[/RESPONSE]`, a malformed chain of known roles, and a RESPONSE left open at the end of the
 * stream. `enforce` also replaces an INVOKE that R4 or R6 bars with `[BLOCKED: …]` and an
 * `[ASSUMPTION: …]` that names the unanswered question.
 */
export function guardTokens(options: GuardTokensOptions): TextMiddleware<GuardEvents> {
  if (options.mode === 'validate') return validateTokens(options) as TextMiddleware<GuardEvents>;
  const registry = options.registry ?? createRoleRegistry();
  const maxLine = options.maxLineLength ?? 4096;
  return defineMiddleware<GuardEvents>({
    name: `guard-tokens(${options.mode})`,
    createSession: (context, emit) => {
      const chain = options.chain ?? context.chain;
      const phase = options.phase ?? (context.phase as GuardTokensOptions['phase']);
      const checkOptions: CheckTokensOptions = { ...options, registry, ...(chain === undefined ? {} : { chain }), ...(phase === undefined ? {} : { phase }) };
      const scannerOptions = { registry, maxLineLength: maxLine, ...(chain === undefined ? {} : { chain }), ...(phase === undefined ? {} : { phase }) };
      // Reads the input to learn what to change.
      let found: TokenViolation[] = [];
      const input = new TokenScanner(scannerOptions, { token: () => {}, violation: (violation) => found.push(violation) });
      // Reads the output, for the events.
      const output = new TokenScanner(scannerOptions, {
        token: (token, line) => (emit as (name: string, event: object) => void)(token.kind, { token, line }),
        violation: (violation) => emit('violation', violation),
      });
      let line = '';
      let overflow = false;
      let lineNumber = 0;
      let block: string[] = [];
      let blockFound: TokenViolation[] = [];
      const release = (text: string): string => {
        output.write(text);
        return text;
      };

      const repairLine = (text: string, at: number, violations: readonly TokenViolation[]): string => {
        let current = text;
        let pending = violations;
        for (let pass = 0; pass < 3; pass += 1) {
          const fixable = pending.find((violation) => repairable.has(violation.code) && violation.fix !== undefined && !violation.fix.includes('\n'));
          if (fixable?.fix === undefined) break;
          const after = fixable.code === 'CONFIDENCE_VOCABULARY' ? current : current.slice(0, current.length - current.trimStart().length) + fixable.fix;
          if (after === current) break;
          emit('repair', { line: at, code: fixable.code, before: current, after });
          current = after;
          pending = checkTokens(current, { ...checkOptions, chain: checkOptions.chain ?? [], phase: 'open' }).violations;
        }
        return current;
      };

      const enforceLine = (text: string, at: number, violations: readonly TokenViolation[]): string | undefined => {
        if (options.mode !== 'enforce') return undefined;
        const barred = violations.find((violation) => barring.has(violation.code));
        if (barred === undefined) return undefined;
        const invoke = checkTokens(repairLine(text, at, []), { ...checkOptions, phase: 'open', chain: [] }).tokens.find((token) => token.kind === 'invoke');
        if (invoke?.kind !== 'invoke') return undefined;
        const reason = barReason(chain ?? [], invoke.role, phase ?? 'open') ?? 'barred';
        const after = barredCall(invoke.role, reason, invoke.question.trim());
        emit('block', { line: at, role: invoke.role, code: barred.code, before: text, after });
        return after;
      };

      const endLine = (newline: string): string => {
        lineNumber += 1;
        const text = line;
        line = '';
        if (overflow) {
          overflow = false;
          input.write(newline);
          return release(newline);
        }
        found = [];
        input.write(`${text}\n`);
        const crlf = text.endsWith('\r');
        const body = crlf ? text.slice(0, -1) : text;
        if (input.inResponse || block.length > 0) {
          block.push(body);
          blockFound.push(...found);
          if (input.inResponse) return '';
          // The block closed: repair its open line, its confidence and its close.
          const lines = block;
          const violations = blockFound;
          block = [];
          blockFound = [];
          const fixedLines = lines.map((blockLine, index) => {
            const trimmed = blockLine.trim();
            if (index === 0) return repairLine(blockLine, lineNumber - lines.length + 1, violations.filter((violation) => violation.code === 'UPPERCASE_ROLE' || violation.code === 'UNKNOWN_ROLE' || violation.code === 'TOKEN_CASE'));
            const confidence = violations.find((violation) => violation.code === 'CONFIDENCE_VOCABULARY' && violation.fix !== undefined);
            if (confidence?.fix !== undefined && trimmed.startsWith('Confidence:')) {
              emit('repair', { line: lineNumber - lines.length + 1 + index, code: confidence.code, before: blockLine, after: confidence.fix });
              return confidence.fix;
            }
            if (index === lines.length - 1 && violations.some((violation) => violation.code === 'WRONG_CLOSE')) {
              emit('repair', { line: lineNumber, code: 'WRONG_CLOSE', before: blockLine, after: '[/RESPONSE]' });
              return '[/RESPONSE]';
            }
            return blockLine;
          });
          return release(`${fixedLines.join(crlf ? '\r\n' : '\n')}${newline}`);
        }
        const replaced = enforceLine(body, lineNumber, found) ?? repairLine(body, lineNumber, found);
        return release(`${replaced}${crlf ? '\r' : ''}${newline}`);
      };

      return {
        write: (chunk) => {
          let released = '';
          feedLines(chunk, {
            appendToLine: (part) => {
              if (overflow) {
                input.write(part);
                released += release(part);
                return;
              }
              line += part;
              if (line.length > maxLine && block.length === 0 && !input.inResponse) {
                // Too long to be a token: let it through as it is.
                overflow = true;
                input.write(line);
                released += release(line);
                line = '';
              }
            },
            endLine: () => {
              released += endLine('\n');
            },
          });
          return released;
        },
        end: () => {
          let released = line.length > 0 || overflow ? endLine('') : '';
          if (block.length > 0) {
            // The stream ended inside a RESPONSE: release it, closed (repair) as the fix says.
            released += release(`${block.join('\n')}\n[/RESPONSE]`);
            emit('repair', { line: lineNumber, code: 'UNCLOSED_RESPONSE', before: '', after: '[/RESPONSE]' });
            block = [];
          }
          input.end();
          output.end();
          return released;
        },
      };
    },
  });
}
