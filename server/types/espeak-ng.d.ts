/** The espeak-ng package: espeak-ng's command line compiled to WebAssembly by Emscripten. */
declare module "espeak-ng" {
  type EspeakModule = {
    /** Emscripten's in-memory file system, where the program's files are written. */
    FS: { readFile(path: string): Uint8Array };
  };
  type EspeakOptions = {
    /** The command line, as espeak-ng's main() gets it. */
    arguments: string[];
    /** A line the program wrote to standard output / standard error. */
    print?: (line: string) => void;
    printErr?: (line: string) => void;
    /** Instantiates the program's WebAssembly module with `imports` (one compiled earlier). */
    instantiateWasm?: (
      imports: WebAssembly.Imports,
      receive: (instance: WebAssembly.Instance) => void,
    ) => Record<string, never>;
    /** Called with the exit status when main() returns or exit() is called; must throw `toThrow`. */
    quit?: (status: number, toThrow: unknown) => never;
  };
  /** Loads the program, runs main() with `arguments`, and answers once it has returned. */
  export default function ESpeakNG(options: EspeakOptions): Promise<EspeakModule>;
}
