/** The server refused the access token: nothing will work until the page is opened with the right one. */
export class TokenRefusedError extends Error {
  override readonly name = 'TokenRefusedError';
  constructor() {
    super('The server refused this page’s access token. Open the address `parley inspect` printed (it ends with #token=…); a restarted inspector has a new token.');
  }
}

/** How the live stream stands: following, trying again after a failure, or refused for good (a wrong token). */
export type LiveStatus = 'live' | 'reconnecting' | 'refused';

/** Calls the inspector's API with the access token in a header (never in a URL). */
export class ApiClient {
  readonly token: string;

  constructor(token: string) {
    this.token = token;
  }

  #headers(json: boolean): Record<string, string> {
    return { authorization: `Bearer ${this.token}`, ...(json ? { 'content-type': 'application/json' } : {}) };
  }

  readonly #prefetched = new Map<string, Promise<unknown>>();

  /** Starts GET `path` now; the next `get` of the same path takes its answer. */
  prefetch(path: string): void {
    const request = this.get(path);
    request.catch(() => {});
    this.#prefetched.set(path, request);
  }

  /** GETs `path` and returns its JSON; a failure throws with the server's message. */
  async get<Result>(path: string, signal?: AbortSignal): Promise<Result> {
    const prefetched = this.#prefetched.get(path);
    if (prefetched !== undefined) {
      this.#prefetched.delete(path);
      return prefetched as Promise<Result>;
    }
    const response = await fetch(path, { headers: this.#headers(false), ...(signal === undefined ? {} : { signal }) });
    return ApiClient.#read<Result>(response);
  }

  /** POSTs `body` as JSON to `path`. */
  async post<Result>(path: string, body: unknown = {}): Promise<Result> {
    const response = await fetch(path, { method: 'POST', headers: this.#headers(true), body: JSON.stringify(body) });
    return ApiClient.#read<Result>(response);
  }

  static async #read<Result>(response: Response): Promise<Result> {
    if (response.status === 401) throw new TokenRefusedError();
    const body = (await response.json()) as Result & { error?: string };
    if (!response.ok) throw new Error(body.error ?? `HTTP ${response.status}`);
    return body;
  }

  /**
   * Follows the server-sent events at `path` (read with fetch, so the token stays in a header)
   * until `signal` aborts, reconnecting after a failure; a refused token ends it (`refused`):
   * asking again with the same token cannot succeed.
   */
  async follow(path: string, onEvent: (name: string, data: unknown) => void, onStatus: (status: LiveStatus) => void, signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      try {
        const response = await fetch(path, { headers: this.#headers(false), signal });
        if (response.status === 401) {
          onStatus('refused');
          return;
        }
        if (!response.ok || response.body === null) throw new Error(`HTTP ${response.status}`);
        onStatus('live');
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let end = buffer.indexOf('\n\n');
          while (end !== -1) {
            const message = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            let name = 'message';
            let data = '';
            for (const line of message.split('\n')) {
              if (line.startsWith('event: ')) name = line.slice(7);
              else if (line.startsWith('data: ')) data += line.slice(6);
            }
            if (data !== '') onEvent(name, JSON.parse(data) as unknown);
            end = buffer.indexOf('\n\n');
          }
        }
      } catch {
        // Dropped or refused: try again shortly.
      }
      if (!signal.aborted) onStatus('reconnecting');
      if (!signal.aborted) await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}
