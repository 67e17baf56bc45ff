import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** Appends the name of every command the client sends (GetCommand, QueryCommand, ...) to the returned list. */
export function recordCommands(client: DynamoDBDocumentClient): string[] {
  const recorded: string[] = [];
  client.middlewareStack.add(
    (next, context) => async (args) => {
      recorded.push(String(context.commandName));
      return next(args);
    },
    { step: 'initialize', name: 'commandRecorder' },
  );
  return recorded;
}
