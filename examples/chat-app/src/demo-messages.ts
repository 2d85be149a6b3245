/**
 * The four demo flows of `examples/definitions/refund-support.yaml` (its README documents them):
 * the sidebar buttons send these, and the browser suite drives the same messages.
 */
export const demoFlows = {
  clarification: { label: 'Vague request → clarification', text: 'I have a problem', option: 0 },
  refusal: {
    label: 'Refund above the cap → refused',
    text: 'Refund $80 for order A-1001',
    ruleId: 'refund-cap',
  },
  redaction: {
    label: 'Card number → redacted',
    text: 'Which card is on file for order A-1001?',
    cardNumber: '4111111111111111',
  },
  approval: { label: 'Large action → approval', text: 'Issue a $620 refund for order B-2002' },
}

/** The flows as a list, for the sidebar. */
export const demoMessages = Object.values(demoFlows)
