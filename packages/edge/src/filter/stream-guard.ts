/** The stream guard type lives in core (`@focal/core` enforcement); kept here for edge's importers. */
export type { FocalStreamGuard } from '@focal/core'
