export { encodeSse } from './encode-sse.ts'
