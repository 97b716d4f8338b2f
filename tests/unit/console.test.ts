import { describe, expect, it } from 'vitest';
import { expectConsole, takeConsoleProblems } from '../setup/console.ts';

describe('the console guard of every suite', () => {
  it('lets a declared warning through', () => {
    expectConsole('warn', /saved data/);
    console.warn('Discarding malformed saved data');
    expect(takeConsoleProblems()).toEqual([]);
  });

  it('fails a test whose declared warning never came', () => {
    expectConsole('warn', /saved data/);
    expect(takeConsoleProblems()).toEqual([
      'expected console.warn matching /saved data/ never came',
    ]);
  });

  it('counts each declaration once: two declared warnings need two warnings', () => {
    expectConsole('warn', /saved data/);
    expectConsole('warn', /saved data/);
    console.warn('saved data (1)');
    expect(takeConsoleProblems()).toEqual([
      'expected console.warn matching /saved data/ never came',
    ]);
  });

  it('fails a test on an error nobody declared', () => {
    expectConsole('warn', /saved data/);
    console.error('boom');
    expect(takeConsoleProblems()).toEqual([
      'console.error: boom',
      'expected console.warn matching /saved data/ never came',
    ]);
  });
});
