/**
 * English function words every content reader drops: articles, the `be`/`do`/`have` auxiliaries,
 * modals, prepositions, personal pronouns, and a few politeness and hedge words. The sensor (intent
 * evidence), the goal parser (concepts) and the reformulation guard (concepts) each start from this
 * one list and add only the words of their own domain. Two words every reader might expect are
 * missing on purpose: the goal parser reads `this` (the code at hand), and the reformulation guard
 * reads `and`/`or` (they open a new conjunct).
 */
export const functionWords: readonly string[] = (
  'a an the is are am be been being was were do does did have has had ' +
  'can could would should will shall may might must ' +
  'to of in on at for with by from ' +
  'i me we you it its they them that those these there ' +
  'please just so some any really actually if'
).split(' ')
