// Seeds a bench database through the app's own migrations and plan seed (the product is started
// once on it, which migrates and seeds), then bulk SQL (seed-sql.mjs). A database already seeded
// with the same parameters is reused unless `reseed` is set.
import { rmSync } from 'node:fs';
import { hash } from '@node-rs/argon2';
import postgres from 'postgres';
import { productEnv, startProduct } from './product.mjs';
import { BENCH_PASSWORD, SEED_VERSION, seedStatements } from './seed-sql.mjs';
import { SEED_SUMMARY_SQL } from './seed-summary.mjs';

const META_TABLE = 'bench_meta';

const describe = (params) => JSON.stringify({ version: SEED_VERSION, ...params });

/** The URL of `database` on the server of `serverUrl`. */
export function databaseUrlOf(serverUrl, database) {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function seededAs(sql) {
  try {
    const [row] = await sql.unsafe(`select params from ${META_TABLE}`);
    return row?.params ?? null;
  } catch {
    return null;
  }
}

/**
 * Writes every dirty buffer out now (CHECKPOINT), so that a load measured next does not share the
 * machine with the checkpoint of what came before it: a fresh seed's vacuum dirties every page of
 * the 1M set, and PostgreSQL's timed checkpoint (5 min) would write them out in the middle of the
 * first contender's loads. Needs superuser or pg_checkpoint; without them the bench goes on.
 */
export async function checkpoint(sql) {
  try {
    await sql.unsafe('checkpoint');
  } catch (error) {
    if (error?.code !== '42501') throw error;
  }
}

/** Migrates and seeds plans the way the product does: by starting it once on the database. */
async function migrateThroughProduct({ databaseUrl, dataDir, port }) {
  const product = await startProduct(
    productEnv({ port, databaseUrl, dataDir, jwtSecret: 'bench-seed-secret-bench-seed-secret-1234' }),
    ['--api-only'],
  );
  await product.stop();
}

async function runStatements(execute, params) {
  const passwordHash = await hash(BENCH_PASSWORD);
  for (const statement of seedStatements({ ...params, passwordHash })) await execute(statement);
  // The seed runs with triggers off (replica role): the dashboard's task_counts is rebuilt once.
  await execute(SEED_SUMMARY_SQL);
  await execute(`create table ${META_TABLE} (params text not null)`);
  await execute(`insert into ${META_TABLE} values ('${describe(params)}')`);
}

/**
 * PostgreSQL: database `database` on `serverUrl` with `params` ({ accounts, big, tasks }).
 * Returns { url, reused, seconds }.
 */
export async function seedPostgres({ serverUrl, database, params, reseed, port, dataDir }) {
  const url = databaseUrlOf(serverUrl, database);
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    const [exists] = await admin`select 1 from pg_database where datname = ${database}`;
    if (exists && !reseed) {
      const db = postgres(url, { max: 1, onnotice: () => {} });
      const params0 = await seededAs(db);
      await db.end();
      if (params0 === describe(params)) return { url, reused: true, seconds: 0 };
    }
    const started = Date.now();
    await admin.unsafe(`drop database if exists "${database}" with (force)`);
    await admin.unsafe(`create database "${database}"`);
    await migrateThroughProduct({ databaseUrl: url, dataDir, port });
    const db = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await db.begin(async (tx) => {
        // The rows are consistent by construction: skip the per-row foreign-key triggers.
        await tx.unsafe('set local session_replication_role = replica');
        await tx.unsafe('set local synchronous_commit = off');
        await tx.unsafe(`set local maintenance_work_mem = '512MB'`);
        await runStatements((statement) => tx.unsafe(statement), params);
      });
      await db.unsafe('vacuum analyze');
      await checkpoint(db);
    } finally {
      await db.end();
    }
    return { url, reused: false, seconds: (Date.now() - started) / 1000 };
  } finally {
    await admin.end();
  }
}

/** PGlite: the product's data directory `dataDir` (its database in dataDir/db), seeded afresh. */
export async function seedPglite({ dataDir, params, port }) {
  const started = Date.now();
  rmSync(dataDir, { recursive: true, force: true });
  await migrateThroughProduct({ databaseUrl: '', dataDir, port });
  const { PGlite } = await import('@electric-sql/pglite');
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  const db = await PGlite.create({ dataDir: `${dataDir}/db`, extensions: { btree_gist } });
  try {
    await db.exec('begin');
    await db.exec('set local session_replication_role = replica');
    await runStatements((statement) => db.exec(statement), params);
    await db.exec('commit');
    await db.exec('vacuum analyze');
  } finally {
    await db.close();
  }
  return { dataDir, reused: false, seconds: (Date.now() - started) / 1000 };
}
