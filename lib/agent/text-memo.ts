/**
 * Values computed from texts, remembered by text, least recently used first out, up to a budget
 * of characters. One text longer than a quarter of the budget would flush everything else: it
 * is computed each time instead. Token counts (token-count.ts) and the scripted model's prompt
 * tokens both repeat mostly the texts of the previous call.
 */
export class TextMemo<V> {
  private readonly values = new Map<string, V>();
  private chars = 0;

  constructor(
    private readonly budgetChars: number,
    private readonly compute: (text: string) => V,
  ) {}

  get(text: string): V {
    const hit = this.values.get(text);
    if (hit !== undefined) {
      this.values.delete(text);
      this.values.set(text, hit);
      return hit;
    }
    const value = this.compute(text);
    if (text.length > this.budgetChars / 4) return value;
    this.values.set(text, value);
    this.chars += text.length;
    for (const key of this.values.keys()) {
      if (this.chars <= this.budgetChars) break;
      this.values.delete(key);
      this.chars -= key.length;
    }
    return value;
  }

  /** Entries and characters held (for tests: the budget is a bound). */
  get size(): { entries: number; chars: number } {
    return { entries: this.values.size, chars: this.chars };
  }
}
