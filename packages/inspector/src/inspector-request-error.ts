import { ParleyError } from '@parley/core';

const marker = 'parley.error.InspectorRequestError';

/**
 * An inspector API request the server refuses (no token, another origin, a route or task that does
 * not exist, a body too large): its `status` is the HTTP status the client gets, and its message
 * the response's `error`.
 */
export class InspectorRequestError extends ParleyError {
  override readonly code: 'INSPECTOR_REQUEST_REFUSED' = 'INSPECTOR_REQUEST_REFUSED';

  /** The HTTP status of the response, such as 401 or 403. */
  readonly status: number;

  constructor(options: { readonly status: number; readonly message: string }) {
    super({ code: 'INSPECTOR_REQUEST_REFUSED', message: options.message });
    this.name = 'InspectorRequestError';
    this.mark(marker);
    this.status = options.status;
  }

  /** Whether `error` is an {@link InspectorRequestError} from any installed copy of `@parley/inspector`. */
  static override isInstance(error: unknown): error is InspectorRequestError {
    return ParleyError.hasMarker(error, marker);
  }
}
