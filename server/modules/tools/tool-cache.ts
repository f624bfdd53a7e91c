import type { Tool } from '../../../contract/tools.ts';

/** More tools than the largest catalogue the index keeps would only churn. */
const MAX_TOOLS = 20_000;

export interface ToolCache {
  /**
   * The listed tools among `ids` (in no particular order), from memory where known, the rest from
   * `read` (deleted tools are left out either way).
   */
  find(ids: string[], read: (missing: string[]) => Promise<Tool[]>): Promise<Tool[]>;
  /** Any tool's fields changed (stock included). */
  invalidate(): void;
  /** While off (changes cannot be heard), every tool is read afresh and nothing is kept. */
  setEnabled(isEnabled: boolean): void;
}

/**
 * The tools pages show, by id, kept between pages as the API sends them: a search answers from
 * the catalogue index (which tools, in what order) and from here (their fields), so a fresh
 * search needs no round trip to PostgreSQL. Every change to any tool, stock included, forgets
 * them all, like the cached answers built from them; a read that began before a change is never
 * kept after it.
 */
export function createToolCache(): ToolCache {
  let known = new Map<string, Tool>();
  let generation = 0;
  let isEnabled = false;
  return {
    async find(ids, read) {
      if (!isEnabled) return read(ids);
      const found: Tool[] = [];
      const missing: string[] = [];
      for (const id of ids) {
        const tool = known.get(id);
        if (tool) found.push(tool);
        else missing.push(id);
      }
      if (missing.length === 0) return found;
      const startedIn = generation;
      const fresh = await read(missing);
      if (startedIn === generation && isEnabled) {
        if (known.size + fresh.length > MAX_TOOLS) known = new Map();
        for (const tool of fresh) known.set(tool._id, tool);
      }
      return found.concat(fresh);
    },
    invalidate() {
      generation += 1;
      known = new Map();
    },
    setEnabled(value) {
      isEnabled = value;
      this.invalidate();
    },
  };
}
