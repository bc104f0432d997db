import type { ExtraOption, InvocationInput } from '../../src/cli/overlay.js';

/** A kind of sibling a move can be placed next to: the flag suffix, its name and the pointer the API takes. */
export interface SiblingKind {
  /** `space` gives --before-space/--after-space; '' gives --before/--after. */
  suffix: string;
  /** What the flag's value names, for help ("sibling space", "top-level section"). */
  names: string;
  /** The value's placeholder in help; the suffix by default. */
  value?: string;
  pointer: (id: string) => Record<string, unknown>;
}

function place(where: 'before' | 'after', kind: SiblingKind) {
  return (v: string, i: InvocationInput) => {
    i.body.position = { ...((i.body.position as Record<string, unknown> | undefined) ?? {}), [where]: kind.pointer(v) };
  };
}

/**
 * The flags of a `move` that place the object just before or after a sibling: one pair per
 * kind of sibling the API can point at. Every move command builds its flags here.
 */
export function positionOptions(kinds: SiblingKind[]): ExtraOption[] {
  return kinds.flatMap((kind) =>
    (['before', 'after'] as const).map((where) => {
      const name = kind.suffix ? `${where}-${kind.suffix}` : where;
      const value = kind.value ?? (kind.suffix || 'id');
      return { name, value: `<${value}>`, description: `place just ${where} this ${kind.names}`, apply: place(where, kind) };
    }),
  );
}
