/**
 * The headers every response carries: a Content-Security-Policy that lets the page load only its
 * own script, style and connections (no inline script or style, no plugin, no framing, no form
 * posts), and the usual hardening beside it.
 */
export const securityHeaders: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'x-frame-options': 'DENY',
};
