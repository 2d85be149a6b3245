/** Fixed credentials of the app every runtime's copy of the shared HTTP suite talks to. */
export const testAppConfig = {
  clientToken: 'test-client-token-0123456789',
  sessionSecret: 'test-session-secret-0123456789-abcdefghij',
  bodyLimit: 16_384,
  maxTextLength: 2000,
  origin: 'https://app.example',
} as const
