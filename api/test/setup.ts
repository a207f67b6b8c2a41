// Vitest setup for the API tests: every database a test file opened is closed (and on PostgreSQL
// dropped) when the file ends, so a file never has to clean up after itself.
import { afterAll } from 'vitest';
import { closeTestDatabases } from './harness.ts';

afterAll(closeTestDatabases);
