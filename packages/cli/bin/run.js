#!/bin/sh
":" //; exec node --max-semi-space-size=32 "$0" "$@"
// The `svc` command: oclif finds the commands in dist/commands.
//
// Run as a program, the line above is shell: it starts node with a 32 MB young generation
// (V8's default is 16 MB). svc allocates a little for every packet it decodes; with the larger
// young generation it collects half as often, which makes ingest about 15 % faster (see the
// README's benchmark). Read by node, the same line is a string and a comment.
import { execute } from '@oclif/core';

await execute({ dir: import.meta.url });
