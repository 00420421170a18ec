/**
 * Prefixes of providers' object ids: a chat completion's, a tool call's, an assistant's, a
 * customer's. They name a resource and open nothing without the account's key, and APIs print
 * them in every response, log and example, so the entropy rule leaves a run that begins with one
 * alone, however random the rest reads. Keys with a provider's prefix are the catalogue's and are
 * not affected. Data: one row per provider. Internal: not exported from the package.
 */
export const publicIdPrefixes: readonly (readonly [provider: string, prefixes: readonly string[]])[] = [
  ['OpenAI', ['chatcmpl-', 'call_', 'asst_', 'thread_', 'run_', 'step_', 'msg_', 'file-', 'ft-', 'ftjob-', 'ftckpt_', 'batch_', 'vs_', 'resp_', 'conv_', 'cmpl-', 'modr-']],
  ['Anthropic', ['toolu_', 'srvtoolu_', 'msgbatch_']],
  ['Stripe (objects, not keys)', ['cus_', 'ch_', 'pi_', 'pm_', 'in_', 'sub_', 'price_', 'prod_', 'evt_', 'acct_', 'txn_', 'seti_', 'cs_test_', 'cs_live_']],
];

const prefixes: readonly string[] = publicIdPrefixes.flatMap(([, list]) => list);

/** The longest id body after its prefix: providers' ids hold 24 to 32 characters; a longer run is an id with something glued to it. */
const MAX_ID_BODY = 40;

/** Whether `text[start..end)` is a provider's object id: one of {@link publicIdPrefixes}, then at most {@link MAX_ID_BODY} characters. */
export function isPublicId(text: string, start: number, end: number): boolean {
  for (const prefix of prefixes) {
    const body = end - start - prefix.length;
    if (body > 0 && body <= MAX_ID_BODY && text.startsWith(prefix, start)) return true;
  }
  return false;
}
