// Vitest globalSetup of the server-pg layer: one throwaway cluster for the run, with a migrated template database that
// every test copies (CREATE DATABASE … TEMPLATE is a file copy, far cheaper than migrating each one).
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/open';
import { startCluster, TEMPLATE_DATABASE } from './postgres-cluster';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = Date.now();
  const cluster = await startCluster();
  const admin = new pg.Client({ connectionString: cluster.url('postgres') });
  await admin.connect();
  await admin.query(`create database ${TEMPLATE_DATABASE}`);
  await admin.end();
  const template = await openDatabase({ kind: 'postgres', url: cluster.url(TEMPLATE_DATABASE) });
  await template.db.destroy();
  project.provide('postgres', { adminUrl: cluster.url('postgres'), port: cluster.port, password: cluster.password });
  console.log(`PostgreSQL test cluster on 127.0.0.1:${cluster.port}, ready in ${Date.now() - started} ms`);
  return () => cluster.destroy();
}
