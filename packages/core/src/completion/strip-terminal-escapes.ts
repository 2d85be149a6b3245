// ECMA-48 escape sequences, 7-bit (ESC-introduced) and 8-bit (C1), as terminals, Jupyter stream
// outputs and colouring loggers (rich, tqdm, chalk) write them; none is shown to a reader:
// - a control string (OSC `ESC ]`, DCS `ESC P`, SOS `ESC X`, PM `ESC ^`, APC `ESC _`) up to its
//   terminator (BEL, ST `ESC \` or U+009C) on the same line; unterminated, a 7-bit one loses only
//   its introducer (`ESC ]`, read as any other escape) and an 8-bit one is kept (the marker
//   parser reads C1 controls as blank), so a stray one never hides the rest of a line (a final
//   report) from the reader;
// - a control sequence (CSI `ESC [` or U+009B): parameters, intermediates and a final byte;
// - any other escape: intermediates and one final byte (`ESC 7`, `ESC ( B`, `ESC c`), or ESC alone.
const controlString = String.raw`(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c\n]*(?:\x07|\x1b\\|\x9c)`
const controlSequence = String.raw`(?:\x1b\[|\x9b)[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]?`
const otherEscape = String.raw`\x1b[\x20-\x2f]*[\x30-\x7e]?`
const escapes = new RegExp(`${controlString}|${controlSequence}|${otherEscape}`, 'gu')

/**
 * The text as a terminal shows it, without its escape sequences (colours `ESC[31m`, erase line
 * `ESC[2K`, cursor moves, window titles `ESC]0;…BEL`, hyperlinks `ESC]8;;…ST`): a marker written
 * in colour is still the marker it shows. Line breaks are kept, so line numbers stay.
 */
export function stripTerminalEscapes(text: string): string {
  return hasEscape(text) ? text.replace(escapes, '') : text
}

/** Whether the text holds an ESC or a C1 control, which every sequence starts with. */
function hasEscape(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code === 0x1b || (code >= 0x80 && code <= 0x9f)) return true
  }
  return false
}
