import type { Violation } from '@parley/core';
import type { NegotiationRule, NegotiationViolationCode } from './negotiation-violation-rules';

/**
 * Something a structured response does wrong, as core's {@link Violation}: its rule `N2`, its code
 * one of `negotiationViolationRules`. The response is still used, with what could be read.
 */
export type NegotiationViolation = Violation<NegotiationRule, NegotiationViolationCode>;
