/** Tags typed comma-separated, as the server will keep them: trimmed, blanks and repeats dropped. */
export const splitTags = (text: string): string[] => [
  ...new Set(
    text
      .split(",")
      .map((tag) => tag.trim())
      .filter(Boolean),
  ),
];
