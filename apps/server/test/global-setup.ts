import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import {
  buildPgliteTemplate,
  databaseUrlWithName,
  prepareTemplate,
  withAdminClient,
} from './helpers/template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    postgresTemplate: { adminUrl: string; name: string } | null;
  }
}

/**
 * Builds one migrated template database per run; each test file then clones it (PGlite: a
 * data-dir dump; PostgreSQL with TEST_DATABASE_URL: CREATE DATABASE … TEMPLATE).
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const dir = mkdtempSync(path.join(tmpdir(), 'radar-test-'));
  const templatePath = path.join(dir, 'template.tar');
  if (!adminUrl) {
    const dump = await buildPgliteTemplate();
    writeFileSync(templatePath, Buffer.from(await dump.arrayBuffer()));
  }
  project.provide('pgliteTemplatePath', templatePath);

  let templateName: string | null = null;
  if (adminUrl) {
    templateName = `radar_tpl_${process.pid}_${Date.now()}`;
    await withAdminClient(adminUrl, (client) => client.query(`create database "${templateName}"`));
    const database = await openDatabase({
      databaseUrl: databaseUrlWithName(adminUrl, templateName),
      poolSize: 2,
    });
    await prepareTemplate(database);
    await database.close();
    project.provide('postgresTemplate', { adminUrl, name: templateName });
  } else {
    project.provide('postgresTemplate', null);
  }

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (adminUrl && templateName) {
      const name = templateName;
      await withAdminClient(adminUrl, async (client) => {
        const { rows } = await client.query<{ datname: string }>(
          "select datname from pg_database where datname like 'radar_t%' and datname like $1",
          [`%_${process.pid}_%`],
        );
        for (const row of rows) await client.query(`drop database if exists "${row.datname}" with (force)`);
        await client.query(`drop database if exists "${name}" with (force)`);
      });
    }
  };
}
