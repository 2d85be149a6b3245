export {
  createDenoKvStores,
  type DenoKvStoresOptions,
  type FocalDenoKv,
  type FocalKvAtomic,
  type FocalKvEntry,
} from './create-deno-kv-stores.ts'
