/** @module @focal/core/conversation-tests */

export {
  type Conversation,
  type ConversationSuite,
  type ConversationTurn,
  conversationSchema,
  conversationSuiteJsonSchema,
  conversationSuiteSchema,
  conversationTurnSchema,
  type TurnExpectation,
  turnExpectationSchema,
} from './conversation-test-schema.ts'
export {
  type FormatConversationReportOptions,
  formatConversationReport,
} from './format-conversation-report.ts'
export { loadConversationSuite } from './load-conversation-suite.ts'
export {
  assertConversationsPassed,
  type ConversationReport,
  type ConversationTestReport,
  type ConversationTurnFailure,
  type ConversationTurnReport,
  checkConversationIds,
  matchesConversationFilter,
  type RunConversationTestsOptions,
  runConversationTests,
} from './run-conversation-tests.ts'
