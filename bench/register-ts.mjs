// `node --import ./bench/register-ts.mjs bench/<name>.ts`: runs a benchmark written in TypeScript
// with the same TypeScript loader the durability test uses.
import { register } from 'node:module';

register('../api/db/testing/ts-loader.mjs', import.meta.url);
