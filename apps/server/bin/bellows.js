#!/usr/bin/env node
'use strict';
// The bellows command: built JavaScript lives in dist/ (npm run build).
require('../dist/cli/main.js')
  .main(process.argv.slice(2))
  .then((result) => {
    // `web` keeps serving until a signal; every other command exits when done.
    if (result !== 'serving') process.exit(result);
  });
