#!/usr/bin/env node
/**
 * `svc-survey <capture>`: prints the access points in a pcap or pcapng file, one per line, using
 * svc embedded as a library (see survey.ts). Exits 1 with the reason when the file cannot be
 * surveyed, 2 on wrong usage.
 */
import { describeError } from '@svc/core';
import { formatAccessPoints } from './format-access-points.js';
import { surveyCapture } from './survey.js';

async function main(args: readonly string[]): Promise<number> {
  if (args.length !== 1 || args[0]!.startsWith('-')) {
    process.stderr.write('usage: svc-survey <capture.pcap|capture.pcapng>\n');
    return 2;
  }
  try {
    const survey = await surveyCapture(args[0]!);
    process.stdout.write(`${survey.frames} frames (${survey.malformedFrames} malformed), ${survey.accessPoints.length} access points\n`);
    if (survey.accessPoints.length > 0) process.stdout.write(`${formatAccessPoints(survey.accessPoints)}\n`);
    return 0;
  } catch (error) {
    process.stderr.write(`svc-survey: ${describeError(error)}\n`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
