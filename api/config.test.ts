// Defaults that cannot hurt: what the configuration allows on a local demo, on a server others can reach
// (HOST beyond loopback) and in production.
import { describe, expect, it } from 'vitest';
import { ConfigError, isLoopback, loadConfig, POSTGRES_BACKUP_DIR_MESSAGE } from './config.ts';

const exposed = { HOST: '0.0.0.0' };
const production = { NODE_ENV: 'production' };

describe('where the server listens', () => {
  it('counts only loopback addresses as local', () => {
    for (const host of ['127.0.0.1', '127.0.0.53', '::1', '[::1]', 'localhost', 'LOCALHOST']) expect(isLoopback(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '10.0.0.5', '192.168.1.20', 'kickoff.example', '128.0.0.1']) expect(isLoopback(host), host).toBe(false);
  });

  it('keeps the local demo as it was: simulator, demo seed with the README password, plain cookies', () => {
    const config = loadConfig({});
    expect(config.exposed).toBe(false);
    expect(config.deployment).toBeUndefined();
    expect(config.payhere.mode).toBe('simulator');
    expect(config.demoSeed).toBe('documented-password');
    expect(config.secureCookies).toBe(false);
    expect(config.hsts).toBe(false);
    expect(config.backup).toBeUndefined();
  });

  it('names why demo conveniences are refused', () => {
    expect(loadConfig(exposed).deployment?.reason).toBe('HOST=0.0.0.0 listens beyond loopback');
    expect(loadConfig(production).deployment?.reason).toBe('NODE_ENV=production');
  });
});

describe('PayHere mode', () => {
  it('refuses the simulator beyond loopback, whatever NODE_ENV says', () => {
    for (const NODE_ENV of ['development', 'test', 'production']) {
      expect(() => loadConfig({ ...exposed, NODE_ENV, PAYHERE_MODE: 'simulator' }), NODE_ENV).toThrow(ConfigError);
    }
    expect(() => loadConfig({ ...exposed, PAYHERE_MODE: 'simulator' })).toThrow(
      'Invalid configuration: PAYHERE_MODE=simulator is for local demos only and HOST=0.0.0.0 listens beyond loopback; use live, or sandbox on a private staging server.',
    );
  });

  it('refuses the simulator in production, even on loopback (behind a reverse proxy)', () => {
    expect(() => loadConfig({ ...production, PAYHERE_MODE: 'simulator' })).toThrow(/PAYHERE_MODE=simulator .*NODE_ENV=production/);
  });

  it('refuses sandbox in production, with one line', () => {
    for (const HOST of ['127.0.0.1', '0.0.0.0']) {
      expect(() => loadConfig({ ...production, HOST, PAYHERE_MODE: 'sandbox' })).toThrow(
        'Invalid configuration: PAYHERE_MODE=sandbox is not allowed with NODE_ENV=production (payments would not be real); use live.',
      );
    }
  });

  it('allows sandbox on a staging server on a private network', () => {
    expect(loadConfig({ HOST: '10.0.0.5', PAYHERE_MODE: 'sandbox' }).payhere.mode).toBe('sandbox');
  });

  it('defaults to live wherever the simulator is refused, never falling back silently', () => {
    expect(loadConfig(exposed).payhere.mode).toBe('live');
    expect(loadConfig(production).payhere.mode).toBe('live');
  });
});

describe('demo seed', () => {
  it('is off beyond loopback and in production unless asked for', () => {
    expect(loadConfig(exposed).demoSeed).toBe('off');
    expect(loadConfig(production).demoSeed).toBe('off');
    expect(loadConfig({ ...exposed, SEED_DEMO: 'false' }).demoSeed).toBe('off');
  });

  it('uses a random password when asked for on a reachable server, the README one only on loopback', () => {
    expect(loadConfig({ ...exposed, SEED_DEMO: 'true' }).demoSeed).toBe('random-password');
    expect(loadConfig({ ...production, SEED_DEMO: '1' }).demoSeed).toBe('random-password');
    expect(loadConfig({ SEED_DEMO: 'true' }).demoSeed).toBe('documented-password');
    expect(loadConfig({ SEED_DEMO: 'false' }).demoSeed).toBe('off');
  });
});

describe('secure cookies and HSTS', () => {
  it('are on beyond loopback and in production', () => {
    for (const source of [exposed, production, { ...exposed, ...production }]) {
      const config = loadConfig(source);
      expect(config.secureCookies).toBe(true);
      expect(config.hsts).toBe(true);
    }
  });

  it('are both turned off by ALLOW_INSECURE_HTTP, for plain HTTP on a private network', () => {
    const config = loadConfig({ HOST: '10.0.0.5', ALLOW_INSECURE_HTTP: 'true' });
    expect(config.secureCookies).toBe(false);
    expect(config.hsts).toBe(false);
    expect(config.exposed).toBe(true);
    // It changes nothing else: the simulator stays refused.
    expect(() => loadConfig({ HOST: '10.0.0.5', ALLOW_INSECURE_HTTP: 'true', PAYHERE_MODE: 'simulator' })).toThrow(ConfigError);
  });
});

describe('scheduled backups', () => {
  it('are off without BACKUP_DIR and default to daily, keeping 7', () => {
    expect(loadConfig({ BACKUP_DIR: 'data/backups' }).backup).toEqual({ dir: 'data/backups', keep: 7, intervalMs: 86_400_000 });
    expect(loadConfig({ BACKUP_DIR: 'b', BACKUP_KEEP: '3', BACKUP_INTERVAL: '90m' }).backup).toEqual({ dir: 'b', keep: 3, intervalMs: 5_400_000 });
    expect(loadConfig({ BACKUP_DIR: 'b', BACKUP_INTERVAL: '2s' }).backup?.intervalMs).toBe(2000);
  });

  it('stops on a bad interval or count with one line', () => {
    expect(() => loadConfig({ BACKUP_INTERVAL: 'daily' })).toThrow(/BACKUP_INTERVAL must be a number and a unit/);
    expect(() => loadConfig({ BACKUP_INTERVAL: '0h' })).toThrow(/BACKUP_INTERVAL/);
    expect(() => loadConfig({ BACKUP_INTERVAL: '30d' })).toThrow('Invalid configuration: BACKUP_INTERVAL must be at most 24d');
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP must be at least 1/);
  });

  it('are refused on PostgreSQL, pointing at pg_dump', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://localhost/kickoff', BACKUP_DIR: 'data/backups' })).toThrow(POSTGRES_BACKUP_DIR_MESSAGE);
    expect(POSTGRES_BACKUP_DIR_MESSAGE).toMatch(/pg_dump/);
    expect(POSTGRES_BACKUP_DIR_MESSAGE).not.toContain('\n');
  });
});
