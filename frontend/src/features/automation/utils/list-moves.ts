/**
 * The ordered lists of automation (a trigger's workflow, a group's triggers) are changed by
 * buttons, so a keyboard alone can reorder them: move one place up or down, or remove.
 */
export function moveItem<T>(items: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items];
  const next = [...items];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

export const removeAt = <T>(items: readonly T[], index: number): T[] => items.filter((_, i) => i !== index);
