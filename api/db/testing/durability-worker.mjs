// Child process for the durability test (api/db/database.test.ts):
//   node api/db/testing/durability-worker.mjs <dataDir>
// Opens the database in <dataDir> through openDatabase, then inserts one outbox row per write
// transaction forever, printing `committed <id>` after each write resolves (that is, after its
// commit was fsynced). The test SIGKILLs it and checks that every printed id is still there.
import { register } from 'node:module';

register('./ts-loader.mjs', import.meta.url);

const { openDatabase } = await import('../database.ts');
const { outbox } = await import('../schema.ts');

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: durability-worker.mjs <dataDir>');
const database = await openDatabase({ dataDir });
process.stdout.write('ready\n');
for (let i = 0; ; i++) {
  const id = await database.write(async (tx) => {
    const [row] = await tx
      .insert(outbox)
      .values({
        to: `n${i}@example.test`,
        subject: `row ${i}`,
        text: 'x'.repeat(200),
        kind: 'durability-test',
        lang: 'en',
      })
      .returning({ id: outbox.id });
    return row.id;
  });
  process.stdout.write(`committed ${id}\n`);
}
