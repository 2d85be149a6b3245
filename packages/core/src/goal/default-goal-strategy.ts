import type { GoalStrategy } from './strategy-types.ts'

/**
 * The default investigation tables for a code assistant. Evidence rows are tried in order (most
 * specific first); supporting a new combination means adding a row, not a branch.
 */
export const defaultGoalStrategy: GoalStrategy = {
  evidence: [
    { when: { intent: 'chat' }, evidence: [] },
    { when: { entity: 'session' }, evidence: ['session-info'] },
    {
      when: { entity: 'git-working-tree', intent: ['review', 'compare'] },
      evidence: ['git-status', 'git-diff'],
    },
    // "What did I change?", "show me the git diff": the files and the change itself.
    { when: { entity: 'git-working-tree' }, evidence: ['git-status', 'git-diff'] },
    // "Show the history of src/auth.ts", "who wrote src/auth.ts?": that file's commits and their
    // authors, and the last commit that changed it (the repository's last commit may not have).
    { when: { entity: 'git-history', targetIs: 'path' }, evidence: ['file-history', 'file-commit'] },
    {
      when: { entity: 'git-history', intent: ['compare', 'review', 'diagnose'] },
      evidence: ['git-log', 'git-diff'],
    },
    // "What changed in the last commit?", "who wrote it?": the log, and the last commit itself.
    { when: { entity: 'git-history' }, evidence: ['git-log', 'git-commit'] },
    {
      when: { entity: 'ci-pipeline', intent: ['diagnose', 'status'] },
      evidence: ['ci-workflow', 'build-output'],
    },
    { when: { entity: 'ci-pipeline' }, evidence: ['ci-workflow'] },
    { when: { entity: 'build', intent: ['execute', 'diagnose', 'status'] }, evidence: ['build-output'] },
    { when: { entity: 'test', intent: ['execute', 'diagnose', 'status'] }, evidence: ['test-output'] },
    // "Are there failing tests?": a run's result, however it is asked.
    {
      when: { entity: 'test', artifact: ['root-cause', 'status', 'execution-output'] },
      evidence: ['test-output'],
    },
    // "Where are the tests for orders?", "which test covers cancelOrder?", "which tests do we have?":
    // the test files, and the lines that name the target; the planner reads the test it is about.
    {
      when: { entity: 'test', intent: ['locate', 'explain', 'navigate', 'review'], hasTarget: true },
      evidence: ['test-files', 'test-search'],
    },
    {
      when: { entity: 'test', intent: ['locate', 'explain', 'navigate', 'review'] },
      evidence: ['test-files'],
    },
    // "Where is checkToken called?", "who uses findOrder?": where the name is used; the planner then
    // reads the first caller's file, never the definition's (nothing to read when only it matched).
    {
      when: {
        intent: ['locate', 'explain', 'status', 'navigate', 'diagnose'],
        artifact: 'usage',
        targetIs: 'name',
      },
      evidence: ['usage-search'],
    },
    { when: { intent: 'locate', artifact: 'usage' }, evidence: ['usage-search', 'file-content'] },
    { when: { intent: 'locate', entity: 'file' }, evidence: ['file-search'] },
    { when: { intent: 'locate', entity: 'symbol' }, evidence: ['symbol-search', 'file-content'] },
    { when: { intent: 'locate' }, evidence: ['file-search', 'file-content'] },
    { when: { entity: ['architecture', 'codebase'] }, evidence: ['discovery', 'file-content'] },
    { when: { entity: 'file', hasTarget: true }, evidence: ['file-content'] },
    { when: { entity: 'symbol' }, evidence: ['symbol-search', 'file-content'] },
    { when: { hasTarget: true }, evidence: ['file-search', 'file-content'] },
    { when: { intent: 'unknown' }, evidence: [] },
    { when: {}, evidence: ['discovery'] },
  ],
  tools: [
    { evidence: 'git-status', tool: 'git', args: 'status --porcelain', deterministic: true },
    {
      evidence: 'git-diff',
      tool: 'git',
      // A range named (`855110d..HEAD`) is that range's diff; else the working tree's.
      args: 'diff {revision}',
      deterministic: true,
      fallback: { tool: 'git', args: 'diff HEAD' },
    },
    {
      evidence: 'git-log',
      tool: 'git',
      args: 'log --oneline -10',
      deterministic: true,
      fallback: { tool: 'git', args: 'log -5' },
    },
    // The changed files; the patch itself when the request asks for the diff or the lines.
    {
      evidence: 'git-commit',
      tool: 'git',
      args: 'show --stat {commit}',
      lines: 'show --stat --patch {commit}',
      deterministic: true,
    },
    {
      evidence: 'file-history',
      tool: 'git',
      // One line a commit: hash, date, author, message.
      args: 'log -10 --date=short --format=%h%x20%ad%x20%an%x20%s -- {pathspec}',
      deterministic: true,
    },
    {
      evidence: 'file-commit',
      tool: 'git',
      args: 'log -1 --stat -- {pathspec}',
      lines: 'log -1 --stat --patch -- {pathspec}',
      deterministic: true,
    },
    { evidence: 'session-info', tool: 'session', args: 'info', deterministic: true },
    {
      evidence: 'ci-workflow',
      tool: 'ci',
      args: 'runs --latest',
      deterministic: true,
      fallback: { tool: 'read', args: '.github/workflows' },
    },
    { evidence: 'build-output', tool: 'build', args: '', deterministic: true },
    { evidence: 'test-output', tool: 'test', args: '{target}', deterministic: true },
    // The files whose path says they are tests (`tests/orders.test.mjs`, `auth.spec.ts`).
    { evidence: 'test-files', tool: 'find', args: 'test', deterministic: true },
    { evidence: 'test-search', tool: 'grep', args: '{target}', deterministic: false },
    {
      evidence: 'discovery',
      tool: 'discovery',
      args: '.',
      deterministic: true,
      fallback: { tool: 'list', args: '.' },
    },
    {
      evidence: 'file-content',
      tool: 'read',
      args: '{target}',
      deterministic: true,
      fallback: { tool: 'find', args: '{target}' },
    },
    {
      evidence: 'symbol-search',
      tool: 'symbols',
      args: '{target}',
      deterministic: true,
      fallback: { tool: 'grep', args: '{target}' },
    },
    {
      evidence: 'usage-search',
      tool: 'references',
      args: '{target}',
      deterministic: true,
      fallback: { tool: 'grep', args: '{target}' },
    },
    {
      evidence: 'file-search',
      tool: 'find',
      args: '{target}',
      deterministic: false,
      fallback: { tool: 'grep', args: '{target}' },
    },
  ],
  recovery: [
    { when: { entity: 'symbol' }, missing: 'symbol-search', call: { tool: 'grep', args: '{target}' } },
    { when: { entity: 'symbol' }, missing: 'file-search', call: { tool: 'grep', args: '{target}' } },
    {
      when: { entity: ['architecture', 'codebase'] },
      missing: 'discovery',
      call: { tool: 'discovery', args: '.' },
    },
    {
      when: { entity: 'git-working-tree' },
      missing: 'git-status',
      call: { tool: 'git', args: 'diff --stat' },
    },
    { when: { entity: 'git-history' }, missing: 'git-log', call: { tool: 'git', args: 'log -5 --stat' } },
    { when: { hasTarget: true }, missing: 'file-content', call: { tool: 'grep', args: '{target}' } },
  ],
}
