/**
 * Credentials that providers and standards publish as examples in their own documentation: they
 * are public and do not grant access, so the catalogue does not report them. Keys whose text says
 * so (`…EXAMPLE`) are left alone by the placeholder filter already.
 */
export const publicExampleKeys: ReadonlySet<string> = new Set([
  // Stripe's documentation: the shared test-mode secret keys of its code samples.
  'sk_test_4eC39HqLyjWDarjtT1zdp7dc',
  'sk_test_BQokikJOvBiI2HlWgH4olfQ2',
  // jwt.io and RFC-style tutorials: the HS256 token of the debugger's default example.
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
  // GitHub's documentation of token formats and of its REST API examples.
  'ghp_16C7e42F292c6912E7710c838347Ae178B4a',
  'gho_16C7e42F292c6912E7710c838347Ae178B4a',
  // AWS's documentation: the secret access key of its examples (its key id ends in EXAMPLE).
  'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
]);
