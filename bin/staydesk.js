#!/usr/bin/env node
// The `staydesk` command. Node 24 runs the TypeScript sources directly (type stripping), so
// there is no build step between `npm ci` and `npx staydesk`.
import { existsSync } from 'node:fs';
import { main } from '../src/cli/main.ts';

// A .env file in the working directory may supply configuration; variables already set in the
// environment win over it.
if (existsSync('.env')) process.loadEnvFile('.env');

process.exitCode = await main(process.argv.slice(2));
