/**
 * The environment a function's process starts with in Lambda: the variables the stack sets (NODE_OPTIONS
 * included, bench/support/function-entries.ts) over the ones the Node.js runtime sets itself. Nothing of
 * the bench's own process (tsx's NODE_OPTIONS included) reaches the child.
 */
import { dirname } from 'node:path';

export const sourceMapsFlag = '--enable-source-maps';

/** NODE_OPTIONS with Node's source-map support switched on or off, the other options kept in order. */
export function withSourceMaps(nodeOptions: string, on: boolean): string {
  const others = nodeOptions.split(/\s+/).filter((option) => option && option !== sourceMapsFlag);
  return (on ? [sourceMapsFlag, ...others] : others).join(' ');
}

export const hasSourceMaps = (nodeOptions: string) => nodeOptions.split(/\s+/).includes(sourceMapsFlag);

export interface FunctionSettings {
  name: string;
  /** The variables the stack sets on the function. */
  environment: Readonly<Record<string, string>>;
  memorySize: number;
}

/**
 * Lambda's own variables for a Node.js 22 function (the documented runtime variables that code or the
 * SDK may read at load; credentials and the trace id are read at the first request, not here), then the
 * function's. The SDK's warning about Node 20 is silenced: the bench runs Node 20, Lambda does not.
 */
export function lambdaEnvironment(settings: FunctionSettings, bundleFile: string): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    LANG: 'en_US.UTF-8',
    TZ: ':UTC',
    AWS_REGION: 'us-east-1',
    AWS_DEFAULT_REGION: 'us-east-1',
    AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x',
    AWS_LAMBDA_FUNCTION_NAME: `bench-${settings.name}`,
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(settings.memorySize),
    AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
    AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand',
    LAMBDA_TASK_ROOT: dirname(bundleFile),
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    ...settings.environment,
  };
}
