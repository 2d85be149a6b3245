import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/** Banking77 lives beside the repository (../shared/data/banking77 from the repo root). */
export const banking77Directory = join(import.meta.dirname, '../../shared/data/banking77')

/** One labelled query. */
export interface Banking77Row {
  text: string
  label: string
}

/** Reads one of its CSV files (quoted fields, doubled quotes). */
export function readBanking77Csv(path: string): Banking77Row[] {
  const source = readFileSync(path, 'utf8')
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  const endField = () => {
    row.push(field)
    field = ''
  }
  for (let index = 0; index < source.length; index++) {
    const character = source[index]!
    if (quoted && character === '"' && source[index + 1] === '"') {
      field += '"'
      index++
    } else if (character === '"') quoted = !quoted
    else if (quoted || (character !== ',' && character !== '\n' && character !== '\r')) field += character
    else if (character === ',') endField()
    else if (character === '\n') {
      endField()
      rows.push(row)
      row = []
    }
  }
  if (field !== '' || row.length > 0) {
    endField()
    rows.push(row)
  }
  return rows.slice(1).flatMap((cells) => (cells.length === 2 ? [{ text: cells[0]!, label: cells[1]! }] : []))
}
