import { readdirSync, readFileSync, statSync } from 'fs';
import { join, relative } from 'path';

/**
 * The domain is the middle of the hexagon: it must not import frameworks, ORMs,
 * HTTP servers, the file system, processes, or any other workspace package.
 * This check lives outside packages/domain because it reads files itself.
 */
const FORBIDDEN = [
  /^@nestjs\//,
  /^typeorm$/,
  /^sqlite3$/,
  /^pg$/,
  /^fastify/,
  /^express$/,
  /^passport/,
  /^(node:)?fs(\/.*)?$/,
  /^(node:)?child_process$/,
  /^(node:)?http2?$/,
  /^(node:)?https$/,
  /^(node:)?net$/,
  /^@bellows\//,
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

function importedModules(source: string): string[] {
  const specifiers: string[] = [];
  const pattern =
    /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|require\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;
  for (const match of source.matchAll(pattern)) specifiers.push(match[1] ?? match[2] ?? match[3] ?? match[4]);
  return specifiers;
}

describe('the domain package', () => {
  const domainDir = join(__dirname, '..', '..', '..', '..', 'packages', 'domain');
  const srcDir = join(domainDir, 'src');
  const files = sourceFiles(srcDir);

  it('has source files to check', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(files.map((f) => [relative(srcDir, f), f]))('%s imports no framework, ORM, I/O or other workspace', (_name, file) => {
    const offending = importedModules(readFileSync(file, 'utf8')).filter((m) => FORBIDDEN.some((re) => re.test(m)));
    expect(offending).toEqual([]);
  });

  it('declares no runtime dependencies', () => {
    const pkg = JSON.parse(readFileSync(join(domainDir, 'package.json'), 'utf8'));
    expect(pkg.dependencies ?? {}).toEqual({});
  });

  it('detects a forbidden import (the check itself can fail)', () => {
    const sample = "import { Injectable } from '@nestjs/common';\nimport * as fs from 'node:fs';\nconst x = require('typeorm');";
    expect(importedModules(sample).filter((m) => FORBIDDEN.some((re) => re.test(m)))).toEqual(['@nestjs/common', 'node:fs', 'typeorm']);
  });
});
