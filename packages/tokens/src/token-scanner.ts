import { feedLines, type LineSink } from '@parley/core';
import { barCall, type CallBar } from './barred-call';
import type { RoleRegistry } from './role-registry';
import { serializeToken, type Token, tokenConfidences } from './token';
import { callHeadAt, findTokenHeads, firstPipe, foldRole, headSpan, lastCloseBracket, pendingCallHead, type TokenHead } from './token-head';
import type { IsolationPhase, TokenViolation } from './token-violation';

/** A call (INVOKE or BROADCAST) as a lenient reader would route it, normalised, with the guard's decision. */
export interface ScannedCall {
  readonly kind: 'invoke' | 'broadcast';
  /** The normalised target: a role token, or `all` for a BROADCAST. */
  readonly role: string;
  readonly question: string;
  /** Why it may not go out (R4, R6), or `undefined`. */
  readonly bar: CallBar | undefined;
  /** Whether it stands where a router takes calls from (not inside a RESPONSE). */
  readonly routable: boolean;
  /** On a line too long to keep: the question is not known. */
  readonly overlong?: true;
}

/** What the scanner reports. */
export interface ScannerListener {
  token(token: Token, line: number): void;
  violation(violation: TokenViolation): void;
  /** Every INVOKE or BROADCAST in any spelling whose target can be read, when its line ends. */
  call?(call: ScannedCall): void;
  /**
   * A line was read: its tokens, violations and calls have been reported. `lines` counts the
   * input lines it joined (more than one when a call's head runs over line breaks).
   */
  line?(lines: number): void;
}

/** Fixes that belong to the whole line, not to one token on it. */
const lineFixes = new Set(['SELF_INVOCATION', 'CIRCULAR_CALL', 'DEPTH_LIMIT', 'TEXT_BEFORE_TOKEN']);
const callKeywords = new Set(['INVOKE', 'BROADCAST', 'RESPONSE']);
/** How much of an overlong line is carried between chunks to notice a token split between them. */
const overflowCarry = 64;

/** Options of the scanner. */
export interface ScannerOptions {
  readonly registry: RoleRegistry;
  /** The path from the first caller to the speaker, speaker last (R4). */
  readonly chain?: readonly string[];
  readonly phase?: IsolationPhase;
  /** The longest line read; the rest of a longer line is ignored (and a token on it reported). Default 4096. */
  readonly maxLineLength?: number;
  /** The longest RESPONSE block kept. Default 64 K characters. */
  readonly maxResponseLength?: number;
}

type Violation = Omit<TokenViolation, 'line' | 'column'> & { readonly column?: number };

const splitToken = { rule: 'R1', code: 'SPLIT_TOKEN', message: 'A token is written on one line; this one runs over a line break.' } as const;

const labels = ['Key finding:', 'Supporting data:', 'Confidence:', 'Caveat:'] as const;

/** A RESPONSE block being read. */
interface OpenResponse {
  readonly role: string;
  readonly line: number;
  readonly column: number;
  readonly body: string[];
  length: number;
}

/**
 * The line-by-line scanner behind `checkTokens` and `validateTokens`: it recognises tokens,
 * validates them and prose against R1–R6, and reports each at the end of its line (R1 allows
 * nothing after a token on its line) or at `[/RESPONSE]`. Memory is bounded by the line and
 * response caps.
 *
 * @internal
 */
export class TokenScanner {
  readonly #options: ScannerOptions;
  readonly #listener: ScannerListener;
  readonly #maxLine: number;
  readonly #maxResponse: number;
  readonly #lines: LineSink = { appendToLine: (part) => this.#append(part), endLine: () => this.#endLine() };
  #line = '';
  #overflow = false;
  /** A token opens in the part of an overlong line that is not kept. */
  #overflowToken = false;
  /** The last characters seen of an overlong line, so a token split between chunks is noticed. */
  #overflowTail = '';
  #lineNumber = 0;
  #response: OpenResponse | undefined;
  #blocked: { role: string; line: number; text: string } | undefined;
  /** While one token of a line is read: puts a fix of that token back into its line (or drops it). */
  #wrap: ((fix: string) => string | undefined) | undefined;
  /** Inside a RESPONSE, calls are checked and reported but are not tokens. */
  #insideResponse = false;
  /** The `[` (an offset in `#line`) of a call head that a line ended inside of: the next line is joined to it. */
  #pendingOpen = -1;
  /** The offset in `#line` of the line break after which that head went on. */
  #pendingBreak = -1;
  /** The offsets in `#line` of the line breaks it joined. */
  #breaks: number[] = [];
  /** While a joined line is read: its line breaks, to report each violation on the line it is on. */
  #readingBreaks: readonly number[] = [];
  /** The token being read runs over a line break (R1: a token is written on one line). */
  #split = false;

  constructor(options: ScannerOptions, listener: ScannerListener) {
    this.#options = options;
    this.#listener = listener;
    this.#maxLine = options.maxLineLength ?? 4096;
    this.#maxResponse = options.maxResponseLength ?? 64 * 1024;
  }

  write(text: string): void {
    feedLines(text, this.#lines);
  }

  /** Whether a RESPONSE block is open (its lines are being read). */
  get inResponse(): boolean {
    return this.#response !== undefined;
  }

  /** Reads a line held because it ended inside a call's head as it is: no line will join it. */
  settle(): void {
    if (this.#pendingOpen >= 0) this.#close();
  }

  end(): void {
    if (this.#line.length > 0 || this.#overflow || this.#pendingOpen >= 0) this.#close();
    if (this.#response !== undefined) {
      const { line, column } = this.#response;
      this.#violate(line, { rule: 'R3', code: 'UNCLOSED_RESPONSE', message: 'The RESPONSE block is never closed; end it with [/RESPONSE].', fix: '[/RESPONSE]', column });
      this.#response = undefined;
    }
    this.#checkBlockedFollowUp(false);
  }

  #append(part: string): void {
    const room = this.#maxLine - this.#line.length;
    if (part.length <= room) {
      this.#line += part;
      return;
    }
    const kept = Math.max(0, room);
    this.#line += part.slice(0, kept);
    if (!this.#overflow) this.#overflowTail = this.#line.slice(-overflowCarry);
    this.#overflow = true;
    // The rest of the line is not kept, but a token in it is still noticed (and reported too long).
    if (this.#overflowToken) return;
    const seen = this.#overflowTail + part.slice(kept);
    this.#overflowToken = findTokenHeads(seen).length > 0;
    this.#overflowTail = seen.slice(-overflowCarry);
  }

  #violate(line: number, violation: Violation): void {
    const { column = 1, fix, ...rest } = violation;
    const wrapped = fix === undefined || this.#wrap === undefined || lineFixes.has(rest.code) ? fix : this.#wrap(fix);
    // On a joined line, the line and column of the input line the offset falls on.
    let at = line;
    let from = column;
    const breaks = this.#readingBreaks;
    if (line === this.#lineNumber && breaks.length > 0 && (breaks[0] as number) < column - 1) {
      // The last break before the offset (a binary search: a joined line may hold many).
      let low = 0;
      let high = breaks.length - 1;
      while (low < high) {
        const middle = (low + high + 1) >> 1;
        if ((breaks[middle] as number) < column - 1) low = middle;
        else high = middle - 1;
      }
      at += low + 1;
      from = column - 1 - (breaks[low] as number);
    }
    this.#listener.violation({ ...rest, line: at, column: from, ...(wrapped === undefined ? {} : { fix: wrapped }) });
  }

  #token(token: Token, line: number): void {
    if (!this.#insideResponse) this.#listener.token(token, line);
  }

  /**
   * A line break. A line that ends inside a call's head (`[INVOKE:` and the role on the next line)
   * is held and the next line joined to it, the break read as white space, while the head stays
   * within `headSpan` characters; when the head turns out not to be a call, the lines are read
   * apart after all.
   */
  #endLine(): void {
    if (!this.#overflow) {
      const text = this.#line;
      // A blank line keeps a head as incomplete as it was, while its `[` is near enough.
      const last = (this.#breaks.at(-1) ?? -1) + 1;
      if (this.#pendingOpen >= 0 && text.length - this.#pendingOpen <= headSpan && (last === text.length || text.slice(last).trim() === '')) {
        this.#breaks.push(text.length);
        this.#line += '\n';
        return;
      }
      const open = pendingCallHead(text);
      if (this.#pendingOpen >= 0 && open !== this.#pendingOpen && !callHeadAt(text, this.#pendingOpen)) {
        this.#splitAt(text, true);
        return;
      }
      if (open >= 0) {
        if (open !== this.#pendingOpen) {
          this.#pendingOpen = open;
          this.#pendingBreak = text.length;
        }
        this.#breaks.push(text.length);
        this.#line += '\n';
        return;
      }
    }
    this.#read();
  }

  /** The end of the input, or of what is known to join: the held line is read without waiting for another. */
  #close(): void {
    let text = this.#line;
    if (this.#breaks.at(-1) === text.length - 1) {
      // The break just seen ends the line: nothing follows to join it.
      text = text.slice(0, -1);
      this.#breaks.pop();
    }
    this.#line = text;
    if (this.#pendingOpen >= 0 && this.#pendingBreak < text.length && !this.#overflow && !callHeadAt(text, this.#pendingOpen)) this.#splitAt(text, false);
    else this.#read();
  }

  /** The held head is no call: the line before the break after it is read alone, then each line after that. */
  #splitAt(text: string, more: boolean): void {
    const at = this.#pendingBreak;
    const breaks = this.#breaks;
    this.#line = text.slice(0, at);
    this.#breaks = breaks.slice(0, breaks.indexOf(at));
    this.#read();
    // The lines after it hold no `[` but on the last one, which may open a head of its own.
    let from = at + 1;
    for (let next = text.indexOf('\n', from); next >= 0; next = text.indexOf('\n', from)) {
      this.#line = text.slice(from, next);
      this.#read();
      from = next + 1;
    }
    this.#line = text.slice(from);
    if (more) this.#endLine();
    else this.#read();
  }

  /** Reads the held line (joined or not), then reports how many input lines it took. */
  #read(): void {
    const breaks = this.#breaks;
    if (breaks.length > 0) this.#breaks = [];
    this.#pendingOpen = -1;
    this.#pendingBreak = -1;
    this.#readingBreaks = breaks;
    this.#readLine();
    this.#readingBreaks = [];
    this.#lineNumber += breaks.length;
    this.#listener.line?.(breaks.length + 1);
  }

  #readLine(): void {
    this.#lineNumber += 1;
    const raw = this.#line.endsWith('\r') ? this.#line.slice(0, -1) : this.#line;
    const overflow = this.#overflow;
    const overflowToken = this.#overflowToken;
    this.#line = '';
    this.#overflow = false;
    this.#overflowToken = false;
    this.#overflowTail = '';
    const trimmed = raw.trim();
    const column = raw.length - raw.trimStart().length + 1;
    const heads = findTokenHeads(trimmed);
    if (overflow && (heads.length > 0 || overflowToken)) {
      this.#violate(this.#lineNumber, { rule: 'R1', code: 'TOKEN_TOO_LONG', message: `A token line is longer than ${this.#maxLine} characters; it is not read.`, column: column + (heads[0]?.start ?? trimmed.length) });
      return;
    }
    if (this.#response !== undefined) {
      this.#responseLine(trimmed, column, heads);
      return;
    }
    if (trimmed === '') return;
    const tokens = heads.length === 0 ? heads : heads.filter((head) => head.keyword !== 'END');
    this.#checkBlockedFollowUp(tokens[0]?.start === 0 && tokens[0].keyword === 'ASSUMPTION');
    if (tokens.length > 0) this.#tokens(trimmed, column, tokens);
    else this.#proseLine(trimmed, column);
  }

  /**
   * The tokens of one line, each from its head to the next head. R1 wants a token alone on its
   * line: text before one is reported, and the token is read all the same, as a lenient reader would.
   */
  #tokens(trimmed: string, column: number, heads: readonly TokenHead[]): void {
    for (let index = 0; index < heads.length; index += 1) {
      const head = heads[index] as TokenHead;
      const end = heads[index + 1]?.start ?? trimmed.length;
      const segment = trimmed.slice(head.start, end).trimEnd();
      // Fixes are offered for a line with one token: with more, each fix would copy the whole line.
      const single = heads.length === 1;
      if (head.start > 0 && !this.#insideResponse) {
        this.#violate(this.#lineNumber, {
          rule: 'R1',
          code: 'TEXT_BEFORE_TOKEN',
          message: 'A token stands alone on its line; put the text before it on a line of its own.',
          column: column + head.start,
          ...(single ? { fix: `${trimmed.slice(0, head.start).trimEnd()}\n${segment}` } : {}),
        });
      }
      this.#wrap = !single ? () => undefined : head.start === 0 && segment.length === trimmed.length ? undefined : (fix) => trimmed.slice(0, head.start) + fix + trimmed.slice(head.start + segment.length);
      // Only a call's head joins lines, so a token holds a line break only when its head runs over it.
      this.#split = this.#readingBreaks.length > 0 && segment.includes('\n');
      this.#tokenLine(segment, column + head.start, head.start === 0 ? head : { ...head, start: 0, bodyStart: head.bodyStart - head.start });
      this.#wrap = undefined;
      this.#split = false;
    }
  }

  /** R4: a BLOCKED line owes an ASSUMPTION on the next non-empty line. */
  #checkBlockedFollowUp(followed: boolean): void {
    const blocked = this.#blocked;
    if (blocked === undefined) return;
    this.#blocked = undefined;
    if (followed) return;
    this.#violate(blocked.line, {
      rule: 'R4',
      code: 'BLOCKED_WITHOUT_ASSUMPTION',
      message: `A BLOCKED call must be followed by its fallback: [ASSUMPTION: <figure or fact> — not verified with ${blocked.role}].`,
    });
  }

  #tokenLine(trimmed: string, column: number, head: TokenHead): void {
    const kind = head.keyword;
    if (kind === '/RESPONSE' || kind === 'END') {
      this.#violate(this.#lineNumber, { rule: 'R3', code: 'STRAY_CLOSE', message: '[/RESPONSE] without an open [RESPONSE:role].', column });
      return;
    }
    if (kind === 'RESPONSE' && this.#response !== undefined) {
      this.#violate(this.#lineNumber, { rule: 'R3', code: 'TOKEN_INSIDE_RESPONSE', message: 'A RESPONSE answers; it cannot invoke, broadcast or open another response. Close it first.', column });
      return;
    }
    if (head.bare === true) {
      this.#bareBroadcast(trimmed.slice(head.bodyStart), column);
      return;
    }
    // A head over several lines is reported once, as SPLIT_TOKEN, with a fix on one line.
    if (!head.exact && !this.#split) {
      this.#violate(this.#lineNumber, {
        rule: 'R1',
        code: head.caseOnly ? 'TOKEN_CASE' : 'TOKEN_FORM',
        message: head.caseOnly ? `Write ${kind} in upper case.` : `Write the token's opening as [${kind}: — no spaces or look-alike characters inside the brackets.`,
        column,
        fix: `[${kind}:${trimmed.slice(head.bodyStart)}`,
      });
    }
    const close = lastCloseBracket(trimmed, head.bodyStart, trimmed.length);
    const body = trimmed.slice(head.bodyStart, close < 0 ? trimmed.length : close);
    if (close < 0) {
      this.#violate(this.#lineNumber, { rule: 'R1', code: 'UNCLOSED_TOKEN', message: 'A token must end with ] on the same line.', column, fix: `${trimmed}]` });
    } else if (close !== trimmed.length - 1) {
      this.#violate(this.#lineNumber, { rule: 'R1', code: 'TEXT_AFTER_TOKEN', message: 'Nothing may follow a token on its line.', column, fix: trimmed.slice(0, close + 1) });
    } else if (trimmed[close] !== ']') {
      this.#violate(this.#lineNumber, { rule: 'R1', code: 'TOKEN_FORM', message: 'Close a token with ], not a look-alike.', column, fix: `${trimmed.slice(0, close)}]` });
    }
    switch (kind) {
      case 'INVOKE':
        this.#invoke(body, column);
        return;
      case 'RESPONSE':
        this.#openResponse(body, column);
        return;
      case 'BLOCKED':
        this.#blockedToken(body, trimmed, column);
        return;
      case 'ASSUMPTION':
        this.#assumption(body, column);
        return;
      case 'CONFLICT':
        this.#conflict(body, column);
        return;
      case 'BROADCAST':
        this.#broadcast(body, column);
        return;
      case 'CHAIN':
        this.#chain(body, column);
    }
  }

  /** R3: a RESPONSE opens with the speaker's own role (when the chain names the speaker). */
  #openResponse(body: string, column: number): void {
    const { registry } = this.#options;
    const folded = foldRole(body);
    const named = registry.isRole(folded) ? folded : registry.resolve(folded);
    if (body !== folded && named !== undefined) {
      this.#violate(this.#lineNumber, { rule: 'R1', code: 'TOKEN_FORM', message: `Write [RESPONSE:${named}] — no spaces or look-alike characters inside the brackets.`, column, fix: `[RESPONSE:${named}]` });
    }
    const role = this.#role(folded, column, (fixed) => `[RESPONSE:${fixed}]`);
    const speaker = this.#options.chain?.at(-1);
    if (speaker !== undefined && (named ?? folded) !== speaker) {
      this.#violate(this.#lineNumber, {
        rule: 'R3',
        code: 'RESPONSE_ROLE',
        message: `The speaker is ${speaker}: a RESPONSE carries the answering agent's own role, not ${named ?? folded}.`,
        column,
        fix: `[RESPONSE:${speaker}]`,
      });
    }
    this.#response = { role: role ?? body, line: this.#lineNumber, column, body: [], length: 0 };
  }

  /** Checks a role token (R2); returns it when it is valid, reporting a fix when it can be derived. */
  #role(written: string, column: number, rewrite: (role: string) => string, allowAll = false): string | undefined {
    const role = written.trim();
    if (this.#options.registry.isRole(role) || (allowAll && role === 'all')) return role;
    const resolved = this.#options.registry.resolve(role);
    const uppercase = resolved !== undefined && role.toLowerCase() === resolved;
    this.#violate(this.#lineNumber, {
      rule: 'R2',
      code: uppercase ? 'UPPERCASE_ROLE' : 'UNKNOWN_ROLE',
      message: uppercase
        ? `Role tokens are lowercase: ${resolved}, not ${role}.`
        : `"${role}" is not a role token; use one of ${this.#options.registry.roles.join(', ')}${resolved === undefined ? '' : ` (here ${resolved})`}.`,
      column,
      ...(resolved === undefined ? {} : { fix: rewrite(resolved) }),
    });
    return undefined;
  }

  #invoke(body: string, column: number): void {
    const { registry } = this.#options;
    let pipe = firstPipe(body, 0, body.length);
    let written: string;
    let question: string;
    if (pipe < 0) {
      // A space, comma, colon, semicolon or slash where the pipe belongs (`[INVOKE:cfo:burn?]`).
      const separator = /[\s,:;/\uFF1A\u2236]/.exec(body.trimStart());
      const from = body.length - body.trimStart().length;
      written = separator === null ? body : body.slice(0, from + separator.index);
      question = separator === null ? '' : body.slice(from + separator.index + 1).replace(/^[\s,:;/]+/, '');
      pipe = -1;
    } else {
      written = body.slice(0, pipe);
      question = body.slice(pipe + 1);
    }
    const folded = foldRole(written);
    const fixedRole = registry.isRole(folded) ? folded : registry.resolve(folded);
    if (this.#split) {
      this.#violate(this.#lineNumber, { ...splitToken, column, ...(fixedRole === undefined || pipe < 0 ? {} : { fix: `[INVOKE:${fixedRole}|${question}]` }) });
    } else if (pipe < 0) {
      this.#violate(this.#lineNumber, {
        rule: 'R1',
        code: 'MISSING_PIPE',
        message: 'Separate the role and the question with | (the first | after the role).',
        column,
        ...(fixedRole === undefined || question === '' ? {} : { fix: `[INVOKE:${fixedRole}|${question}]` }),
      });
    } else if (body[pipe] !== '|' || (written !== folded && fixedRole !== undefined)) {
      this.#violate(this.#lineNumber, { rule: 'R1', code: 'TOKEN_FORM', message: 'Write [INVOKE:role|question] — no spaces or look-alike characters around the role or the |.', column, ...(fixedRole === undefined ? {} : { fix: `[INVOKE:${fixedRole}|${question}]` }) });
    }
    const role = pipe < 0 ? undefined : this.#role(folded, column, (fixed) => `[INVOKE:${fixed}|${question}]`);
    if (question.trim() === '') this.#violate(this.#lineNumber, { rule: 'R1', code: 'EMPTY_QUESTION', message: 'An INVOKE needs a question after the |.', column });
    // In an isolation phase every invocation is barred, to a role the registry knows or not.
    const target = role ?? fixedRole ?? (this.#options.phase === 'independent' || this.#options.phase === 'critique' ? unknownRole(folded) : undefined);
    if (target !== undefined) {
      const bar = this.#guard(target, column);
      this.#listener.call?.({ kind: 'invoke', role: target, question, bar, routable: !this.#insideResponse });
    }
    if (role !== undefined && question.trim() !== '') this.#token({ kind: 'invoke', role, question }, this.#lineNumber);
  }

  /** R4 and R6 for a call to `target`: reports what bars it and returns the first bar. */
  #guard(target: string, column: number): CallBar | undefined {
    const { chain, phase } = this.#options;
    if (phase === 'independent' || phase === 'critique') {
      this.#violate(this.#lineNumber, {
        rule: 'R6',
        code: phase === 'independent' ? 'INVOKE_IN_INDEPENDENT_PHASE' : 'INVOKE_IN_CRITIQUE_PHASE',
        message:
          phase === 'independent'
            ? `No invocations in the independent-analysis phase: record [ASSUMPTION: <figure or fact> — not verified with ${target}] instead.`
            : `In the critique phase, reference ${target}'s output in prose; do not invoke it.`,
        column,
      });
    }
    const bar = barCall('invoke', target, chain ?? [], phase ?? 'open');
    if (chain === undefined || chain.length === 0) return bar;
    const loop = barCall('invoke', target, chain, 'open');
    if (loop === undefined) return bar;
    this.#violate(this.#lineNumber, {
      rule: 'R4',
      code: loop.code,
      message: `Cannot invoke ${target}: ${loop.reason}. Emit the BLOCKED line, then [ASSUMPTION: <figure or fact> — not verified with ${target}].`,
      column,
      fix: serializeToken({ kind: 'blocked', role: target, reason: loop.reason }),
    });
    return bar;
  }

  #blockedToken(body: string, trimmed: string, column: number): void {
    const match = /^ ?cannot invoke (\S+) — (.+)$/.exec(body);
    if (match === null) {
      this.#violate(this.#lineNumber, { rule: 'R4', code: 'MALFORMED_BLOCKED', message: 'Write [BLOCKED: cannot invoke <role> — <reason>].', column });
      return;
    }
    const role = this.#role(match[1] ?? '', column, (fixed) => trimmed.replace(`invoke ${match[1]}`, `invoke ${fixed}`), true);
    this.#blocked = { role: role ?? match[1] ?? '', line: this.#lineNumber, text: trimmed };
    if (role !== undefined) this.#token({ kind: 'blocked', role, reason: match[2] ?? '' }, this.#lineNumber);
  }

  #assumption(body: string, column: number): void {
    const at = body.lastIndexOf(' — not verified with ');
    if (!body.startsWith(' ') || at < 0) {
      this.#violate(this.#lineNumber, { rule: 'R5', code: 'MALFORMED_ASSUMPTION', message: 'Write [ASSUMPTION: <figure or fact> — not verified with <role>].', column });
      return;
    }
    const fact = body.slice(1, at);
    const written = body.slice(at + ' — not verified with '.length);
    const role = this.#role(written, column, (fixed) => `[ASSUMPTION: ${fact} — not verified with ${fixed}]`, true);
    if (role !== undefined && fact.trim() !== '') this.#token({ kind: 'assumption', fact, role }, this.#lineNumber);
  }

  #conflict(body: string, column: number): void {
    const match = /^ (\S+) says (.+?); (\S+) says (.+)$/.exec(body);
    if (match === null) {
      this.#violate(this.#lineNumber, { rule: 'R5', code: 'MALFORMED_CONFLICT', message: 'Write [CONFLICT: <role> says X; <role> says Y].', column });
      return;
    }
    const [, firstRole = '', firstClaim = '', secondRole = '', secondClaim = ''] = match;
    const first = this.#role(firstRole, column, (fixed) => `[CONFLICT: ${fixed} says ${firstClaim}; ${secondRole} says ${secondClaim}]`);
    const second = this.#role(secondRole, column, (fixed) => `[CONFLICT: ${firstRole} says ${firstClaim}; ${fixed} says ${secondClaim}]`);
    if (first !== undefined && second !== undefined) this.#token({ kind: 'conflict', first: { role: first, claim: firstClaim }, second: { role: second, claim: secondClaim } }, this.#lineNumber);
  }

  #broadcast(body: string, column: number): void {
    const pipe = firstPipe(body, 0, body.length);
    const target = pipe < 0 ? '' : body.slice(0, pipe);
    const question = pipe < 0 ? body.replace(/^\s*all[\s,]*/i, '') : body.slice(pipe + 1);
    const { chain = [], phase = 'open' } = this.#options;
    const bar = barCall('broadcast', 'all', chain, phase);
    this.#listener.call?.({ kind: 'broadcast', role: 'all', question, bar, routable: !this.#insideResponse });
    if (pipe < 0 || target !== 'all' || body[pipe] !== '|' || this.#split) {
      const fix = question.trim() === '' ? {} : { fix: `[BROADCAST:all|${question}]` };
      const all = pipe >= 0 && foldRole(target).toLowerCase() === 'all';
      if (this.#split) this.#violate(this.#lineNumber, { ...splitToken, column, ...(all ? fix : {}) });
      if (all && !this.#split) this.#violate(this.#lineNumber, { rule: 'R1', code: 'TOKEN_FORM', message: 'Write [BROADCAST:all|question] — no spaces or look-alike characters inside the brackets.', column, ...fix });
      else if (!all) this.#violate(this.#lineNumber, { rule: 'R5', code: 'MALFORMED_BROADCAST', message: 'Write [BROADCAST:all|question].', column, ...fix });
      return;
    }
    const speaker = chain.at(-1);
    if (speaker !== undefined && speaker !== 'ceo') {
      this.#violate(this.#lineNumber, { rule: 'R5', code: 'BROADCAST_NOT_CEO', message: `Only the ceo fans out to every role; ${speaker} should invoke the roles it needs.`, column });
    } else if (chain.length > 1) {
      this.#violate(this.#lineNumber, { rule: 'R4', code: 'CIRCULAR_CALL', message: `A broadcast from ${speaker} would reach ${chain[0] as string}, already upstream in this chain.`, column });
    }
    if (phase === 'independent' || phase === 'critique') {
      this.#violate(this.#lineNumber, { rule: 'R6', code: 'BROADCAST_IN_PHASE', message: `No broadcasts in the ${phase} phase.`, column });
    }
    if (question.trim() !== '') this.#token({ kind: 'broadcast', question }, this.#lineNumber);
  }

  /** A bare `[BROADCAST]` tag with prose after it: a broadcast of that prose, to a reader. */
  #bareBroadcast(after: string, column: number): void {
    const question = after.trim();
    const { chain = [], phase = 'open' } = this.#options;
    this.#listener.call?.({ kind: 'broadcast', role: 'all', question, bar: barCall('broadcast', 'all', chain, phase), routable: !this.#insideResponse });
    this.#violate(this.#lineNumber, {
      rule: 'R5',
      code: 'MALFORMED_BROADCAST',
      message: 'A bare [BROADCAST] tag reads as a broadcast of the text after it; write [BROADCAST:all|question].',
      column,
      ...(question === '' ? {} : { fix: `[BROADCAST:all|${question}]` }),
    });
  }

  #chain(body: string, column: number): void {
    const parts = body.trim().split(' → ');
    const resolved = parts.map((part) => (this.#options.registry.isRole(part) ? part : undefined));
    if (!body.startsWith(' ') || resolved.some((role) => role === undefined)) {
      const names = body.split(/[→,>]|->/).map((part) => part.trim()).filter((part) => part.length > 0);
      const roles = names.map((name) => (this.#options.registry.isRole(name) ? name : this.#options.registry.resolve(name)));
      this.#violate(this.#lineNumber, {
        rule: 'R4',
        code: 'MALFORMED_CHAIN',
        message: 'Write [CHAIN: a → b → c] with lowercase role tokens and → separators.',
        column,
        ...(roles.every((role) => role !== undefined) && roles.length > 0 ? { fix: `[CHAIN: ${roles.join(' → ')}]` } : {}),
      });
      return;
    }
    this.#token({ kind: 'chain', roles: resolved as string[] }, this.#lineNumber);
  }

  #responseLine(trimmed: string, column: number, heads: readonly TokenHead[]): void {
    const response = this.#response as OpenResponse;
    const first = heads[0];
    if (first !== undefined && heads.length === 1 && first.start === 0 && first.bodyStart === trimmed.length && (first.keyword === '/RESPONSE' || first.keyword === 'END')) {
      if (!(first.exact && first.keyword === '/RESPONSE')) this.#violate(this.#lineNumber, { rule: 'R3', code: 'WRONG_CLOSE', message: 'Close a response with [/RESPONSE].', column, fix: '[/RESPONSE]' });
      this.#response = undefined;
      this.#finishResponse(response);
      return;
    }
    response.length += trimmed.length + 1;
    if (response.length > this.#maxResponse) {
      this.#violate(response.line, { rule: 'R3', code: 'RESPONSE_TOO_LONG', message: `A RESPONSE block is longer than ${this.#maxResponse} characters; it is not read.`, column: response.column });
      this.#response = undefined;
      return;
    }
    const calls = heads.length === 0 ? heads : heads.filter((head) => callKeywords.has(head.keyword));
    if (calls.length > 0) {
      this.#violate(this.#lineNumber, { rule: 'R3', code: 'TOKEN_INSIDE_RESPONSE', message: 'A RESPONSE answers; it cannot invoke, broadcast or open another response. Close it first.', column: column + (calls[0] as TokenHead).start });
      // The calls are still read: the guard decides on them, and none is a token.
      this.#insideResponse = true;
      this.#tokens(trimmed, column, calls.filter((head) => head.keyword !== 'RESPONSE'));
      this.#insideResponse = false;
      return;
    }
    if (first?.start === 0 && (first.keyword === 'ASSUMPTION' || first.keyword === 'CONFLICT' || first.keyword === 'CHAIN')) {
      this.#tokens(trimmed, column, heads);
      return;
    }
    response.body.push(trimmed);
  }

  #finishResponse(response: OpenResponse): void {
    const at = response.line;
    const fail = (code: string, message: string, fix?: string): void => {
      this.#violate(at, { rule: 'R3', code, message, column: response.column, ...(fix === undefined ? {} : { fix }) });
    };
    let index = 0;
    const values: string[] = [];
    const bullets: string[] = [];
    for (const label of labels) {
      const line = response.body[index];
      if (line === undefined || !line.startsWith(label)) {
        const found = labels.filter((candidate) => response.body.some((bodyLine) => bodyLine.startsWith(candidate)));
        fail('RESPONSE_LABELS', `A response has the labels ${labels.join(', ')}, spelled exactly, in this order${found.length === labels.length ? ' (they are out of order)' : `; missing: ${labels.filter((candidate) => !found.includes(candidate)).join(', ')}`}.`);
        return;
      }
      values.push(line.slice(label.length).trim());
      index += 1;
      if (label === 'Supporting data:') {
        while (response.body[index]?.startsWith('-') === true) {
          bullets.push((response.body[index] ?? '').slice(1).trim());
          index += 1;
        }
      }
    }
    const [keyFinding = '', , confidence = '', caveat = ''] = values;
    let valid = true;
    if (bullets.length === 0 || bullets.some((bullet) => bullet === '')) {
      fail('NO_SUPPORTING_DATA', 'Supporting data: needs at least one "- " bullet.');
      valid = false;
    }
    if (!(tokenConfidences as readonly string[]).includes(confidence)) {
      const lower = confidence.toLowerCase();
      fail('CONFIDENCE_VOCABULARY', `Confidence is exactly high, medium or low — not "${confidence}"${(tokenConfidences as readonly string[]).includes(lower) ? '' : '; when unsure, write low'}.`, (tokenConfidences as readonly string[]).includes(lower) ? `Confidence: ${lower}` : undefined);
      valid = false;
    }
    if (keyFinding === '' || caveat === '') {
      fail('EMPTY_LABEL', 'Key finding and Caveat need text.');
      valid = false;
    }
    if (index < response.body.length) {
      fail('TEXT_AFTER_CAVEAT', 'Nothing may follow Caveat: inside the response.');
      valid = false;
    }
    if (valid && this.#options.registry.isRole(response.role)) {
      this.#token({ kind: 'response', role: response.role, keyFinding, supportingData: bullets, confidence: confidence as (typeof tokenConfidences)[number], caveat }, at);
    }
  }

  #proseLine(trimmed: string, column: number): void {
    const { registry } = this.#options;
    const at = this.#lineNumber;
    const lower = trimmed.toLowerCase();
    const resolveName = (name: string): string | undefined => (registry.isRole(name.trim()) ? name.trim() : registry.resolve(name));

    // "INVOKE cfo: question" (the wrong form of R1).
    if (lower.startsWith('invoke ')) {
      const rest = trimmed.slice('invoke '.length).trimStart();
      const separator = firstOf(rest, ':,');
      if (separator > 0) {
        const role = resolveName(rest.slice(0, separator));
        const question = rest.slice(separator + 1).trim();
        this.#violate(at, { rule: 'R1', code: 'INVOKE_FORM', message: 'Write [INVOKE:role|question], not INVOKE role: question.', column, ...(role === undefined || question === '' ? {} : { fix: `[INVOKE:${role}|${question}]` }) });
        return;
      }
    }

    // "Everyone: …" → BROADCAST.
    for (const prefix of ['everyone', 'all roles', 'all', 'team']) {
      if (!lower.startsWith(prefix)) continue;
      const rest = trimmed.slice(prefix.length).trimStart();
      if (rest.startsWith(':') || rest.startsWith(',')) {
        const question = rest.slice(1).trim();
        this.#violate(at, { rule: 'R5', code: 'PROSE_BROADCAST', message: 'Fan out with [BROADCAST:all|question], not prose.', column, ...(question === '' ? {} : { fix: `[BROADCAST:all|${capitalize(question)}]` }) });
        return;
      }
    }

    // "Hey CFO, …", "@HR …", "CFO, can we …?" → INVOKE.
    let rest = trimmed;
    let greeted = false;
    for (const greeting of ['hey ', 'hi ', 'hello ', 'dear ', 'ok ', 'okay ']) {
      if (lower.startsWith(greeting)) {
        rest = trimmed.slice(greeting.length).trimStart();
        greeted = true;
        break;
      }
    }
    if (rest.startsWith('@')) {
      rest = rest.slice(1);
      greeted = true;
    }
    const separator = firstOf(rest.slice(0, 40), ',:');
    const space = rest.indexOf(' ');
    const named = separator > 0 ? rest.slice(0, separator) : greeted && space > 0 ? rest.slice(0, space) : '';
    const role = named === '' ? undefined : registry.resolve(named);
    if (role !== undefined && (greeted || (separator > 0 && trimmed.endsWith('?')))) {
      const question = rest.slice(named.length).replace(/^[,:]/, '').trim();
      this.#violate(at, { rule: 'R1', code: 'PROSE_INVOCATION', message: `Ask another agent with [INVOKE:${role}|question], not prose.`, column, ...(question === '' ? {} : { fix: `[INVOKE:${role}|${capitalize(question)}]` }) });
      return;
    }

    // "Chain so far: Revenue Agent, then Finance, then Ops" → CHAIN.
    for (const prefix of ['chain so far:', 'chain:']) {
      if (!lower.startsWith(prefix)) continue;
      const list = trimmed.slice(prefix.length);
      const names = list
        .split('→').join(',').split('->').join(',').split(' then ').join(',')
        .split(',')
        .map((part) => trimEnd(part.trim(), '.').trim())
        .map((part) => (part.toLowerCase().startsWith('then ') ? part.slice(5).trim() : part))
        .filter((part) => part.length > 0);
      const roles = names.map((name) => registry.resolve(name));
      this.#violate(at, { rule: 'R4', code: 'PROSE_CHAIN', message: 'Annotate the path with [CHAIN: a → b → c].', column, ...(roles.length > 0 && roles.every((candidate) => candidate !== undefined) ? { fix: `[CHAIN: ${roles.join(' → ')}]` } : {}) });
      return;
    }

    // "Assuming runway is about 12 months…" → ASSUMPTION.
    if (lower.startsWith('assuming ')) {
      this.#violate(at, { rule: 'R5', code: 'PROSE_ASSUMPTION', message: 'Record an unverified figure as [ASSUMPTION: <figure or fact> — not verified with <role>].', column });
    }
  }
}

/** An unknown role written as one word, lower-cased (to name it in a BLOCKED line), or `undefined`. */
export function unknownRole(folded: string): string | undefined {
  const role = folded.toLowerCase();
  if (role.length === 0 || role.length > 32) return undefined;
  for (const character of role) if (!((character >= 'a' && character <= 'z') || (character >= '0' && character <= '9') || character === '_' || character === '-')) return undefined;
  return role;
}

/** The first index in `text` of any of `characters`, or -1. */
function firstOf(text: string, characters: string): number {
  for (let index = 0; index < text.length; index += 1) if (characters.includes(text[index] as string)) return index;
  return -1;
}

function trimEnd(text: string, characters: string): string {
  let end = text.length;
  while (end > 0 && characters.includes(text[end - 1] as string)) end -= 1;
  return text.slice(0, end);
}

const capitalize = (text: string): string => (text.length === 0 ? text : text[0]?.toUpperCase() + text.slice(1));
