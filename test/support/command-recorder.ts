import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

let recorders = 0;

/** Appends the name of every command the client sends (GetCommand, QueryCommand, ...) to the returned list. */
export function recordCommands(client: DynamoDBDocumentClient): string[] {
  const recorded: string[] = [];
  // Several recorders may watch one client (the int setup's and a test's own): each needs its own name.
  recorders += 1;
  client.middlewareStack.add(
    (next, context) => async (args) => {
      recorded.push(String(context.commandName));
      return next(args);
    },
    { step: 'initialize', name: `commandRecorder${recorders}` },
  );
  return recorded;
}
