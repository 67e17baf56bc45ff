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

/**
 * By the document command's class, and by the SDK's name of the command it wraps (`GetItemCommand`).
 * Made at the first command, not at module load (a function's cold start loads this module).
 */
let routes: { byClass: Map<unknown, Route>; byCommandName: Map<string, Route> } | undefined;
function routing() {
  if (!routes) {
    routes = { byClass: new Map(), byCommandName: new Map() };
    for (const [commandClass, operation] of routedCommands) {
      const sample = new commandClass({} as never);
      const route = { operation, inputKeyNodes: sample.inputKeyNodes, outputKeyNodes: sample.outputKeyNodes };
      routes.byClass.set(commandClass, route);
      routes.byCommandName.set(`${operation}Command`, route);
    }
  }
  return routes;
}

/** The wrapped commands of document commands sent through the stack: only those are marshalled here. */
const documentCommands = new WeakSet<object>();

const stackChanges = ['add', 'addRelativeTo', 'remove', 'removeByTag', 'use'] as const;
let clients = 0;

/** The options the direct way converts with (attribute-values.ts); a client built with others goes the SDK's. */
function supported(translateConfig: TranslateConfig | undefined): boolean {
  const marshall = translateConfig?.marshallOptions ?? {};
  const unmarshall = translateConfig?.unmarshallOptions ?? {};
  return (
    marshall.removeUndefinedValues === true &&
    !marshall.convertClassInstanceToMap &&
    !marshall.convertEmptyValues &&
    !marshall.allowImpreciseNumbers &&
    marshall.convertTopLevelContainer !== false &&
    !unmarshall.wrapNumbers &&
    unmarshall.convertWithoutMapWrapper !== false
  );
}

/** Told of every routed command as it is sent, with the SDK's name for it and its document input. */
export type CommandListener = (commandName: string, input: object) => void;

/** How a routed command goes: direct; through the stack to the transport; or the SDK's whole way. */
type Way = 'direct' | 'stack' | 'sdk';

export class DocumentClient extends DynamoDBDocumentClient {
  private readonly transport: DirectTransport;
  private readonly listeners = new Set<CommandListener>();
  private way: Way = 'direct';

  constructor(client: DynamoDBClient, translateConfig?: TranslateConfig) {
    super(client, translateConfig);
    this.transport = new DirectTransport(client);
    const directAllowed = supported(translateConfig);
    // Serialize, first: every initialize step (of any priority) has run, and nothing has been serialised.
    this.middlewareStack.add(
      (next, context) => (args) => {
        const smithy = (context as Record<string, unknown>)['__smithy_context'] as
          { commandInstance?: object } | undefined;
        const route = routing().byCommandName.get(String(context.commandName));
        if (!route || !smithy?.commandInstance || !documentCommands.has(smithy.commandInstance))
          return next(args);
        return this.sendDirect(route, args.input as object).then((output) => ({
          output: output as never,
          response: undefined as never,
        }));
      },
      { step: 'serialize', priority: 'high', name: `directTransport${(clients += 1)}` },
    );
    this.watchStack(directAllowed);
    const viaStack = this.send.bind(this) as (command: unknown, ...rest: unknown[]) => Promise<unknown>;
    this.send = ((
      command: DocumentCommand & { middlewareStack?: { identify(): string[] } },
      ...rest: unknown[]
    ) => {
      const route = routing().byClass.get(command?.constructor);
      // Send options, or middleware on the command itself: the SDK's whole way.
      if (!route || rest.length > 0 || (command.middlewareStack?.identify().length ?? 0) > 0) {
        return viaStack(command, ...rest);
      }
      if (this.way === 'direct') return this.sendDirect(route, command.input);
      if (this.way === 'stack') documentCommands.add(command.clientCommand);
      return viaStack(command);
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

  /**
   * Commands go direct while the stack holds exactly what it held once the transport's step joined it.
   * Anything added (or removed, or replaced) at the initialize step sends them through the stack to the
   * transport, so the middleware sees each; anything at a later step (it would read or change the HTTP
   * request or response) sends them the SDK's whole way.
   */
  private watchStack(directAllowed: boolean): void {
    const stack = this.middlewareStack as unknown as Record<string, (...args: unknown[]) => unknown> & {
      identify(): string[];
    };
    const settled = stack.identify().join('\n');
    const settledEntries = new Set(stack.identify());
    const decide = () => {
      const entries = stack.identify();
      if (!directAllowed) this.way = 'sdk';
      else if (entries.join('\n') === settled) this.way = 'direct';
      else {
        const added = entries.filter((entry) => !settledEntries.has(entry));
        this.way = added.every((entry) => / - initialize$/.test(entry)) ? 'stack' : 'sdk';
      }
    };
    for (const change of stackChanges) {
      const original = stack[change]!.bind(stack);
      stack[change] = (...args: unknown[]) => {
        const result = original(...args);
        decide();
        return result;
      };
    }
    decide();
  }
}
