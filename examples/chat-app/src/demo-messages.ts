/**
 * The four demo flows of `examples/definitions/refund-support.yaml` (its README documents them):
 * the sidebar buttons send these, and the browser suite drives the same messages.
 */
export const demoFlows = {
  clarification: { label: 'Vague request → clarification', text: 'I have a problem', option: 0 },
  refusal: {
    label: 'Refund above the $50 cap → refused',
    text: 'I want a refund of $80 for order NW-1001, my email is ann@example.com',
    ruleId: 'refund-cap',
  },
  redaction: {
    label: 'Card on file → "Visa ending 1111"',
    text: 'Which card is on file? My email is ann@example.com',
    cardNumber: '4111111111111111',
  },
  approval: { label: 'Cancel over $500 → approval', text: 'Cancel order NW-2002, the total was $620' },
}

/** The flows as a list, for the sidebar. */
export const demoMessages = Object.values(demoFlows)

/** Requests to the repo-helper task agent (`examples/repo-helper`): each plans and runs real tools. */
export const taskMessages = [
  { label: 'What changed? → git status', text: 'What did I change in the working tree?' },
  { label: 'Find a symbol → symbols, read', text: 'Where is CommandRouter defined?' },
  { label: 'Explain a component → find, read', text: 'Explain how the auth works' },
  { label: 'Recent history → git log', text: 'Show me the recent commits' },
  { label: 'Run the tests → approval', text: 'Run the tests' },
]
