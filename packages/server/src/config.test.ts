// Configuration: defaults for a bare machine, and a clear stop naming every bad variable.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('runs on a bare machine with defaults: port 3000, embedded database under ./data', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe('./data');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.SEED_DEMO).toBe(true);
    expect(config.isProduction).toBe(true);
  });

  it('takes the public address from the port when PUBLIC_URL is not set, so payment and shared links lead back', () => {
    expect(loadConfig({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '8080', PUBLIC_URL: 'https://efir.example.ru' }).PUBLIC_URL).toBe(
      'https://efir.example.ru',
    );
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000);
  });

  it('stops with a message naming each bad variable and what is wrong', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SEED_DEMO: 'maybe' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(/PORT/);
    expect(message).toMatch(/"eighty"/);
    expect(message).toMatch(/DATABASE_URL: must start with postgres/);
    expect(message).toMatch(/SEED_DEMO/);
  });

  it('never echoes the value of a secret-looking variable', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://user:hunter2@db' })).toThrow(/\*\*\*/);
    try {
      loadConfig({ DATABASE_URL: 'mysql://user:hunter2@db' });
    } catch (error) {
      expect((error as Error).message).not.toContain('hunter2');
    }
  });

  it('reads lists and flags', () => {
    const config = loadConfig({ CORS_ORIGINS: 'https://a.ru, https://b.ru', SEED_DEMO: '0' });
    expect(config.CORS_ORIGINS).toEqual(['https://a.ru', 'https://b.ru']);
    expect(config.SEED_DEMO).toBe(false);
  });
});
