export declare const DEFAULT_SERVER_HEAP_MB: number;
export declare function serverNodeFlags(env?: NodeJS.ProcessEnv): string[];
