export { createRedisStores, type FocalRedisClient, type RedisStoresOptions } from './create-redis-stores.ts'
