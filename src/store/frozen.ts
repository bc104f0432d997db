const hasOwn = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

/**
 * A frozen copy of `parts` merged, as the store keeps records. Not `Object.freeze({ ...row })`:
 * V8 gives an object made by spreading one it then freezes a hidden class of its own, about
 * 300 bytes more for every record kept and slower code reading them, while a copy made by
 * Object.assign shares one hidden class with every record of its shape (the lint forbids the
 * spread form, and test/store/frozen.test.ts checks the sharing). Object.assign would set the
 * copy's prototype from an own "__proto__" key (JSON.parse makes one): such a part is copied as
 * a spread copies it, key and all.
 */
export function frozenCopy<T extends object>(...parts: Partial<T>[]): T {
  if (parts.some((p) => hasOwn(p, '__proto__'))) return Object.freeze(parts.reduce<object>((out, p) => ({ ...out, ...p }), {})) as T;
  return Object.freeze(Object.assign({}, ...parts)) as T;
}
