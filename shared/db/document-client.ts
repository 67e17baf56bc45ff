/**
 * The service's document client: lib-dynamodb's, whose data commands (get, put, update, delete, query,
 * scan, batch and transaction) go over the direct transport instead of the SDK's middleware stack. What
 * a caller sends and gets back is the document client's, to the letter (document-marshalling.ts), and its
 * errors are the SDK's exceptions (service-errors.ts).
 *
 * Middleware added to the client's stack (the tests' fault injection, the benches' recorders) still sees
 * every command: once anything joins the stack, commands go through it again, and the stack's last
 * `initialize` step hands them to the same transport. Other commands (and any with send options) take
 * the SDK's whole way.
 */
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { TranslateConfig } from '@aws-sdk/lib-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactGetCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { KeyNodes } from './document-marshalling';
import { mayHoldBinary, marshallDocumentInput, unmarshallDocumentOutput } from './document-marshalling';
import { DirectTransport } from './direct-transport';

interface Route {
  operation: string;
  inputKeyNodes: KeyNodes;
  outputKeyNodes: KeyNodes;
}

interface DocumentCommand {
  input: object;
  clientCommand: object;
  inputKeyNodes: KeyNodes;
  outputKeyNodes: KeyNodes;
}

type DocumentCommandClass = new (input: never) => DocumentCommand;

const routedCommands: Array<[DocumentCommandClass, string]> = [
  [GetCommand as unknown as DocumentCommandClass, 'GetItem'],
  [PutCommand as unknown as DocumentCommandClass, 'PutItem'],
  [UpdateCommand as unknown as DocumentCommandClass, 'UpdateItem'],
  [DeleteCommand as unknown as DocumentCommandClass, 'DeleteItem'],
  [QueryCommand as unknown as DocumentCommandClass, 'Query'],
  [ScanCommand as unknown as DocumentCommandClass, 'Scan'],
  [BatchGetCommand as unknown as DocumentCommandClass, 'BatchGetItem'],
  [BatchWriteCommand as unknown as DocumentCommandClass, 'BatchWriteItem'],
  [TransactGetCommand as unknown as DocumentCommandClass, 'TransactGetItems'],
  [TransactWriteCommand as unknown as DocumentCommandClass, 'TransactWriteItems'],
];

/** By the document command's class, and by the SDK's name of the command it wraps (`GetItemCommand`). */
const routesByClass = new Map<unknown, Route>();
const routesByCommandName = new Map<string, Route>();
for (const [commandClass, operation] of routedCommands) {
  const sample = new commandClass({} as never);
  const route = { operation, inputKeyNodes: sample.inputKeyNodes, outputKeyNodes: sample.outputKeyNodes };
  routesByClass.set(commandClass, route);
  routesByCommandName.set(`${operation}Command`, route);
}

/** The wrapped commands of document commands sent through the stack: only those are marshalled here. */
const documentCommands = new WeakSet<object>();

const transportStepName = 'directTransport';
const stackChanges = ['add', 'addRelativeTo', 'remove', 'removeByTag'] as const;

/** Told of every routed command as it is sent, with the SDK's name for it and its document input. */
export type CommandListener = (commandName: string, input: object) => void;

export class DocumentClient extends DynamoDBDocumentClient {
  private readonly transport: DirectTransport;
  private readonly listeners = new Set<CommandListener>();
  private direct = true;

  constructor(client: DynamoDBClient, translateConfig?: TranslateConfig) {
    super(client, translateConfig);
    this.transport = new DirectTransport(client);
    this.middlewareStack.add(
      (next, context) => (args) => {
        const smithy = (context as Record<string, unknown>)['__smithy_context'] as
          { commandInstance?: object } | undefined;
        const route = routesByCommandName.get(String(context.commandName));
        if (!route || !smithy?.commandInstance || !documentCommands.has(smithy.commandInstance))
          return next(args);
        return this.sendDirect(route, args.input as object).then((output) => ({
          output: output as never,
          response: undefined,
        }));
      },
      { step: 'initialize', priority: 'low', name: transportStepName },
    );
    this.watchStack();
    const viaStack = this.send.bind(this) as (command: unknown, ...rest: unknown[]) => Promise<unknown>;
    this.send = ((command: DocumentCommand, ...rest: unknown[]) => {
      const route = routesByClass.get(command?.constructor);
      if (!route) return viaStack(command, ...rest);
      if (this.direct && rest.length === 0) return this.sendDirect(route, command.input);
      if (rest.length === 0) documentCommands.add(command.clientCommand);
      return viaStack(command, ...rest);
    }) as unknown as typeof this.send;
  }

  static override from(client: DynamoDBClient, translateConfig?: TranslateConfig): DocumentClient {
    return new DocumentClient(client, translateConfig);
  }

  /** Closes the transport's connections (lib-dynamodb's destroy leaves the wrapped client to its owner). */
  override destroy(): void {
    this.transport.destroy();
    super.destroy();
  }

  /** Calls the listener with each routed command sent from now on; the function returned stops it. */
  onCommand(listener: CommandListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async sendDirect(route: Route, input: object): Promise<Record<string, unknown>> {
    for (const listener of this.listeners) listener(`${route.operation}Command`, input);
    const answer = await this.transport.send(
      route.operation,
      marshallDocumentInput(input, route.inputKeyNodes),
    );
    const output = unmarshallDocumentOutput(answer.body, route.outputKeyNodes, {
      binary: mayHoldBinary(answer.text),
    });
    output.$metadata = answer.metadata;
    return output;
  }

  /** Commands go direct while the stack holds only what it held once the transport's step joined it. */
  private watchStack(): void {
    const stack = this.middlewareStack as unknown as Record<string, (...args: unknown[]) => unknown> & {
      identify(): string[];
    };
    const settled = stack.identify().length;
    for (const change of stackChanges) {
      const original = stack[change]!.bind(stack);
      stack[change] = (...args: unknown[]) => {
        const result = original(...args);
        this.direct = stack.identify().length === settled;
        return result;
      };
    }
  }
}
