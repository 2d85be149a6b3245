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
   * Most messages accepted in one `/v1/chat` body.
   * @default 200
   */
  maxMessages: number
  /**
   * Most parts accepted in one chat message.
   * @default 50
   */
  maxPartsPerMessage: number
}

/** Defaults of {@link FocalInputLimits}. */
export const defaultInputLimits: FocalInputLimits = {
  maxTextLength: 8000,
  maxIdLength: 128,
  maxMessages: 200,
  maxPartsPerMessage: 50,
}
