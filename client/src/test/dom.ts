import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

/**
 * For component tests in jsdom (`// @vitest-environment jsdom`): what jsdom lacks and the Radix
 * primitives measure with, and an empty document after each test.
 */
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

afterEach(cleanup);
