/** `npm run seed -- --orders N --seed S --data-dir DIR`: the command line, checked. */
import { resolve } from 'node:path';
import { repoDataDir } from '../data-dir';

export interface SeedCommand {
  orders: number;
  /** Days the orders spread over, ending now. */
  days: number;
  seed: number;
  dataDir: string;
}

export const usage = `Usage: npm run seed -- [--orders N] [--days D] [--seed S] [--data-dir DIR]
  --orders N      orders to create (default 1000)
  --days D        days they spread over, ending now (default 395: 13 months; 30 with
                  --orders 100000 makes a month of about 100,000 shipments)
  --seed S        pseudo-random seed: the same seed gives the same data (default 1)
  --data-dir DIR  the local data folder (default .data, the one npm start uses)`;

export class UsageError extends Error {}

function wholeNumber(name: string, text: string | undefined, min: number): number {
  const value = Number(text);
  if (text === undefined || !/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < min) {
    throw new UsageError(`${name} needs a whole number of at least ${min}, got ${text ?? 'nothing'}.`);
  }
  return value;
}

export function parseSeedCommand(args: readonly string[]): SeedCommand {
  const command: SeedCommand = { orders: 1000, days: 395, seed: 1, dataDir: repoDataDir };
  for (let index = 0; index < args.length; index++) {
    const [flag, inline] = args[index]!.split(/=(.*)/s, 2) as [string, string | undefined];
    const value = () => inline ?? args[++index];
    switch (flag) {
      case '--orders':
        command.orders = wholeNumber(flag, value(), 1);
        break;
      case '--days':
        command.days = wholeNumber(flag, value(), 1);
        break;
      case '--seed':
        command.seed = wholeNumber(flag, value(), 0);
        break;
      case '--data-dir': {
        const dir = value();
        if (!dir) throw new UsageError('--data-dir needs a folder.');
        command.dataDir = resolve(dir);
        break;
      }
      default:
        throw new UsageError(`Unknown option ${args[index]}.`);
    }
  }
  return command;
}
