/**
 * A count of the characters the scanner and its rules look at, for tests that prove the work
 * grows linearly with the input without a clock. Internal: not exported from the package.
 */
export const scanWork: { characters: number } = { characters: 0 };
