'use strict';
/**
 * Runs the `bellows` command from the TypeScript sources, in a process of its
 * own, as bin/bellows.js runs the built one: tests that need a real server
 * process (to kill it with SIGKILL, say) start it through this file and never
 * run a stale build. Each source file is transpiled on load (the code is
 * written for isolated transpilation: tsconfig.base.json's isolatedModules),
 * and the workspace packages resolve to their sources, as in jest.base.js.
 *
 *   node apps/server/test/support/bellows-from-source.js web --config app.ini
 */
const fs = require('fs');
const Module = require('module');
const path = require('path');
const ts = require('typescript');

const root = path.resolve(__dirname, '../../../..');
const SOURCES = {
  '@bellows/domain': 'packages/domain/src',
  '@bellows/persistence-typeorm': 'packages/persistence-typeorm/src',
  '@bellows/git': 'packages/git/src',
  '@bellows/storage': 'packages/storage/src',
};

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolveFilename.call(this, SOURCES[request] ? path.join(root, SOURCES[request]) : request, ...rest);
};

const compilerOptions = {
  ...ts.parseJsonConfigFileContent(ts.readConfigFile(path.join(root, 'tsconfig.base.json'), ts.sys.readFile).config, ts.sys, root).options,
  sourceMap: false,
  inlineSourceMap: true,
  declaration: false,
};
require.extensions['.ts'] = (module, filename) => {
  const { outputText } = ts.transpileModule(fs.readFileSync(filename, 'utf8'), { compilerOptions, fileName: filename });
  module._compile(outputText, filename);
};

require(path.join(root, 'apps/server/src/cli/main.ts'))
  .main(process.argv.slice(2))
  .then((result) => {
    if (result !== 'serving') process.exit(result);
  });
