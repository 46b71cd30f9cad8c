#!/usr/bin/env node
// The `svc` command: oclif finds the commands in dist/commands.
import { execute } from '@oclif/core';

await execute({ dir: import.meta.url });
