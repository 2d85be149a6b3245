import { z } from 'zod'
import type { GoalContract } from './goal-contract-schema.ts'

/** Lifecycle status of a research notebook. */
export const researchStatuses = ['active', 'completed', 'archived'] as const

/** The `gyoshu:` block of notebook or Markdown frontmatter; unknown fields are kept. */
export const researchFrontmatterSchema = z.looseObject({
  schema_version: z.number().int().min(1),
  status: z.enum(researchStatuses),
  created: z.string().min(1),
  updated: z.string().min(1),
  tags: z.array(z.string()).optional(),
  goal_contract: z.unknown().optional(),
})

/** Lifecycle status of a research notebook. */
export type ResearchStatus = (typeof researchStatuses)[number]
/** The `gyoshu:` frontmatter block as read (its `goal_contract` still unvalidated). */
export type ResearchFrontmatter = z.infer<typeof researchFrontmatterSchema>

/** Changes to write under `gyoshu:`; a field set to `undefined` is removed. */
export type ResearchFrontmatterChanges = {
  [Key in Exclude<keyof ResearchFrontmatter, 'goal_contract'>]?: ResearchFrontmatter[Key] | undefined
} & { goal_contract?: GoalContract | undefined }

/** Outcome of reading frontmatter: absent (no block or no `gyoshu:` key), invalid, or found. */
export type FrontmatterReadResult =
  | { type: 'absent'; reason: string }
  | { type: 'invalid'; errors: string[] }
  | {
      type: 'found'
      /** The validated `gyoshu:` block, unknown fields included. */
      research: ResearchFrontmatter
      /** The whole frontmatter document (Quarto `title`, `author`, ... beside `gyoshu`). */
      document: Record<string, unknown>
      /**
       * The goal contract when present and valid; also undefined when it is invalid, so read it with
       * `goalContractFromFrontmatter`, which throws then.
       */
      goalContract?: GoalContract
      /** Located problems of a present but invalid goal contract; empty otherwise. */
      goalContractErrors: string[]
    }
