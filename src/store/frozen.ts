/**
 * A frozen copy of `parts` merged, as the store keeps records. Not `Object.freeze({ ...row })`:
 * V8 gives an object made by spreading one it then freezes a hidden class of its own, about
 * 300 bytes more for every record kept and slower code reading them, while a copy made by
 * Object.assign shares one hidden class with every record of its shape (the lint forbids the
 * spread form, and test/store/frozen.test.ts checks the sharing).
 */
export function frozenCopy<T extends object>(...parts: Partial<T>[]): T {
  return Object.freeze(Object.assign({}, ...parts)) as T;
}
