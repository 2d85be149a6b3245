/** Per-field input limits; every HTTP body is checked against them before anything runs. */
export interface FocalInputLimits {
  /**
   * Longest user text (a turn, a chat message, a text to parse or enforce), in UTF-16 code units.
   * @default 8000
   */
  maxTextLength: number
  /**
   * Longest id (session, approval, message).
   * @default 128
   */
  maxIdLength: number
  /**
   * Most messages accepted in one `/v1/chat` body: the conversation so far, as `useChat` sends
   * it (two a turn, for the `settings.maxTurns` default of 1000).
   * @default 2000
   */
  maxMessages: number
  /**
   * Most parts accepted in one chat message.
   * @default 50
   */
  maxPartsPerMessage: number
  /**
   * Deepest nesting of objects and arrays in a JSON body (a goal contract's own fields, a tool's
   * input): data nested deeper than any real request is refused before it is stored, since a
   * session holding it could not be read back.
   * @default 64
   */
  maxJsonDepth: number
}

/** Defaults of {@link FocalInputLimits}. */
export const defaultInputLimits: FocalInputLimits = {
  maxTextLength: 8000,
  maxIdLength: 128,
  maxMessages: 2000,
  maxPartsPerMessage: 50,
  maxJsonDepth: 64,
}
