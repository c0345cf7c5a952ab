#!/usr/bin/env node
// The `staydesk` command. Node 24 runs the TypeScript sources directly (type stripping), so
// there is no build step between `npm ci` and `npx staydesk`.
import { main } from '../src/cli/main.ts';

process.exitCode = await main(process.argv.slice(2));
