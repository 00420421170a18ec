import { feedLines, type LineSink, type TextObserver } from '@parley/core';
import { proseMistake } from './prose-mistakes';
import { readResponseLine } from './response-block';
import type { ScanContext, ScannedCall, ScannerOptions, ScanViolation } from './scan-context';
import type { Token } from './token';
import { callHeadAt, findTokenHeads, headSpan, pendingCallHead, type TokenHead } from './token-head';
import { readTokenLine } from './token-line';
import type { TokenViolation } from './token-violation';
import { describeTokenViolation, lineFixCodes } from './token-violation-rules';

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

/** The scanner's side of the context: it moves the line state on. */
type MutableScanContext = { -readonly [Key in keyof ScanContext]: ScanContext[Key] };

/** How much of an overlong line is carried between chunks to notice a token split between them. */
const overflowCarry = 64;

/**
 * The line-by-line scanner behind `checkTokens` and `checkTokensStream`: it recognises tokens,
 * validates them and prose against R1–R6, and reports each at the end of its line (R1 allows
 * nothing after a token on its line) or at `[/RESPONSE]`. Memory is bounded by the line and
 * response caps.
 *
 * @internal
 */
export class TokenScanner implements TextObserver {
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
  #blocked: { role: string; line: number } | undefined;
  /** While one token of a line is read: puts a fix of that token back into its line (or drops it). */
  #wrap: ((fix: string) => string | undefined) | undefined;
  /** The `[` (an offset in `#line`) of a call head that a line ended inside of: the next line is joined to it. */
  #pendingOpen = -1;
  /** The offset in `#line` of the line break after which that head went on. */
  #pendingBreak = -1;
  /** The offsets in `#line` of the line breaks it joined. */
  #breaks: number[] = [];
  /** While a joined line is read: its line breaks, to report each violation on the line it is on. */
  #readingBreaks: readonly number[] = [];

  /**
   * What the readers of each rule see of the scanner: the line being read (its number, whether it
   * is read inside a RESPONSE, whether the token read runs over a line break), the open RESPONSE,
   * and where their findings go. Plain fields the scanner keeps up to date, read on every token.
   */
  readonly #context: MutableScanContext;

  constructor(options: ScannerOptions, listener: ScannerListener) {
    this.#options = options;
    this.#listener = listener;
    this.#maxLine = options.maxLineLength ?? 4096;
    this.#maxResponse = options.maxResponseLength ?? 64 * 1024;
    this.#context = {
      options,
      lineNumber: 0,
      insideResponse: false,
      split: false,
      response: undefined,
      violate: (line, violation) => this.#violate(line, violation),
      token: (token, line) => this.#token(token, line),
      call: (call) => this.#listener.call?.(call),
      openResponse: (response) => {
        this.#context.response = response;
      },
      blocked: (role) => {
        this.#blocked = { role, line: this.#context.lineNumber };
      },
      readTokens: (trimmed, column, heads, insideResponse) => {
        this.#context.insideResponse = insideResponse;
        this.#tokens(trimmed, column, heads);
        this.#context.insideResponse = false;
      },
    };
  }

  write(text: string): void {
    feedLines(text, this.#lines);
  }

  /** {@link TokenScanner.write}, as a {@link TextObserver} reads the stream. */
  observe(chunk: string): void {
    feedLines(chunk, this.#lines);
  }

  /** Whether a RESPONSE block is open (its lines are being read). */
  get inResponse(): boolean {
    return this.#context.response !== undefined;
  }

  /** Reads a line held because it ended inside a call's head as it is: no line will join it. */
  settle(): void {
    if (this.#pendingOpen >= 0) this.#close();
  }

  end(): void {
    if (this.#line.length > 0 || this.#overflow || this.#pendingOpen >= 0) this.#close();
    if (this.#context.response !== undefined) {
      const { line, column } = this.#context.response;
      this.#violate(line, { ...describeTokenViolation('UNCLOSED_RESPONSE'), fix: '[/RESPONSE]', column });
      this.#context.response = undefined;
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

  #violate(line: number, violation: ScanViolation): void {
    const { column = 1, fix, ...rest } = violation;
    const wrapped = fix === undefined || this.#wrap === undefined || lineFixCodes.has(rest.code) ? fix : this.#wrap(fix);
    // On a joined line, the line and column of the input line the offset falls on.
    let at = line;
    let from = column;
    const breaks = this.#readingBreaks;
    if (line === this.#context.lineNumber && breaks.length > 0 && (breaks[0] as number) < column - 1) {
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
    if (!this.#context.insideResponse) this.#listener.token(token, line);
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
    this.#context.lineNumber += breaks.length;
    this.#listener.line?.(breaks.length + 1);
  }

  #readLine(): void {
    this.#context.lineNumber += 1;
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
      this.#violate(this.#context.lineNumber, { ...describeTokenViolation('TOKEN_TOO_LONG', this.#maxLine), column: column + (heads[0]?.start ?? trimmed.length) });
      return;
    }
    if (this.#context.response !== undefined) {
      if (!readResponseLine(this.#context, this.#context.response, trimmed, column, heads, this.#maxResponse)) this.#context.response = undefined;
      return;
    }
    if (trimmed === '') return;
    const tokens = heads.length === 0 ? heads : heads.filter((head) => head.keyword !== 'END');
    this.#checkBlockedFollowUp(tokens[0]?.start === 0 && tokens[0].keyword === 'ASSUMPTION');
    if (tokens.length > 0) this.#tokens(trimmed, column, tokens);
    else {
      const mistake = proseMistake(trimmed, this.#options.registry);
      if (mistake !== undefined) this.#violate(this.#context.lineNumber, { ...mistake, column });
    }
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
      if (head.start > 0 && !this.#context.insideResponse) {
        this.#violate(this.#context.lineNumber, {
          ...describeTokenViolation('TEXT_BEFORE_TOKEN'),
          column: column + head.start,
          ...(single ? { fix: `${trimmed.slice(0, head.start).trimEnd()}\n${segment}` } : {}),
        });
      }
      this.#wrap = !single ? () => undefined : head.start === 0 && segment.length === trimmed.length ? undefined : (fix) => trimmed.slice(0, head.start) + fix + trimmed.slice(head.start + segment.length);
      // Only a call's head joins lines, so a token holds a line break only when its head runs over it.
      this.#context.split = this.#readingBreaks.length > 0 && segment.includes('\n');
      readTokenLine(this.#context, segment, column + head.start, head.start === 0 ? head : { ...head, start: 0, bodyStart: head.bodyStart - head.start });
      this.#wrap = undefined;
      this.#context.split = false;
    }
  }

  /** R4: a BLOCKED line owes an ASSUMPTION on the next non-empty line. */
  #checkBlockedFollowUp(followed: boolean): void {
    const blocked = this.#blocked;
    if (blocked === undefined) return;
    this.#blocked = undefined;
    if (followed) return;
    this.#violate(blocked.line, describeTokenViolation('BLOCKED_WITHOUT_ASSUMPTION', blocked.role));
  }
}
