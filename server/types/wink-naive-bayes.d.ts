declare module "wink-naive-bayes-text-classifier" {
  type Classifier = {
    definePrepTasks(tasks: ((input: unknown) => unknown)[]): number;
    defineConfig(config: { considerOnlyPresence?: boolean; smoothingFactor?: number }): boolean;
    learn(input: unknown, label: string): boolean;
    consolidate(): boolean;
    predict(input: unknown): string;
    computeOdds(input: unknown): [string, number][];
    exportJSON(): string;
    importJSON(json: string): boolean;
    reset(): boolean;
  };
  export default function naiveBayesTextClassifier(): Classifier;
}
