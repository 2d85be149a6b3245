/**
 * An input rail's placeholder for a value it hid before the engine saw it (`@focal/edge`:
 * "my card is [CREDIT_CARD_1]", `[GITHUB_TOKEN_2]`): the finding type's `placeholderName`, then
 * its number. One definition for the engine, the sensor and the goal parser reading them back.
 * Global: use it with `matchAll`, `match` or `replace`, never `test` or `exec`.
 */
export const railPlaceholderPattern = /\[([A-Z][A-Z0-9_]*?)_\d+\]/gu
