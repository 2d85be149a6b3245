/**
 * How a request splits into words. Scripts written without spaces between words (Chinese,
 * Japanese kana and kanji) and Korean syllables count one character per word: a cue written in
 * them (`修复`, `추가`) is matched as that run of characters wherever it stands ("帮我修复这个bug",
 * "추가해줘"), with no dictionary to segment the text. Every other script splits on what is not a
 * letter, a digit or `_`, keeping an apostrophe inside a word (`don't`).
 */
const characterWords = String.raw`\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}\u30fc`

/** One word: a single character of `characterWords`, or a run of other letters, digits and `_`. */
export const goalWordSource = String.raw`(?:[^\P{L}${characterWords}]|[\p{N}_])+(?:'\p{L}+)?|[${characterWords}]`

const characterWord = new RegExp(`^[${characterWords}]$`, 'u')

/** Is `word` one character of a script written without spaces (each character is a word)? */
export function isCharacterWord(word: string): boolean {
  return characterWord.test(word)
}

/**
 * Clause punctuation of those scripts (`，。？！；：` and the ideographic comma), which needs no
 * space after it to end a clause.
 */
export const fullWidthClausePunctuation = '\uff0c\u3002\uff1f\uff01\uff1b\uff1a\u3001'

/** Extensions of the file names a request may name (`src/app.ts`, `notes.md`), as a regex alternation. */
export const fileExtensions =
  'ts|tsx|js|jsx|mjs|cjs|json|md|py|rs|go|java|rb|c|cc|cpp|h|hpp|cs|ya?ml|toml|sh|css|scss|html|sql|txt|lock|env|example|kt|swift|php|vue|svelte|ini|cfg|xml|gradle'
