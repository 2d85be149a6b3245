/** Fixed credentials of the app every runtime's copy of the shared HTTP suite talks to. */
export const testAppConfig = {
  clientToken: 'test-client-token-0123456789',
  sessionSecret: 'test-session-secret-0123456789-abcdefghij',
  bodyLimit: 16_384,
  /** Short, so the stalled-body socket tests see the 408 quickly. */
  bodyTimeoutMs: 3000,
  maxTextLength: 2000,
  origin: 'https://app.example',
  /** Holds the `supervisor` role: may decide the refund definition's large cancellations. */
  supervisor: { token: 'test-supervisor-credential-0123456789-abc', id: 'lead-1', roles: ['supervisor'] },
  /** An approver without the `supervisor` role. */
  agent: { token: 'test-agent-credential-0123456789-abcdefgh', id: 'agent-7', roles: ['agent'] },
} as const
