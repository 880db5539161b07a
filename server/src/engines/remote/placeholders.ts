// Templates with '{{name}}' placeholders (Replicate inputs, ComfyUI workflows): a string that is
// one placeholder takes the value as it is (a seed stays a number), one inside longer text takes
// its text. A name the capability does not have is a configuration error, said at once.

export type Resolve = (name: string) => unknown;

const ONE = /^\{\{(\w+)\}\}$/;
const ANY = /\{\{(\w+)\}\}/g;

export async function fillPlaceholders(template: unknown, resolve: Resolve, where: string): Promise<unknown> {
  const valueOf = async (name: string) => {
    const value = await resolve(name);
    if (value === undefined) throw new Error(`${where} names {{${name}}}, which this capability does not have`);
    return value;
  };
  if (typeof template === 'string') {
    const whole = ONE.exec(template);
    if (whole) return valueOf(whole[1]!);
    const names = [...template.matchAll(ANY)].map((m) => m[1]!);
    if (names.length === 0) return template;
    const values = new Map<string, unknown>();
    for (const name of names) values.set(name, await valueOf(name));
    return template.replace(ANY, (_, name: string) => String(values.get(name)));
  }
  if (Array.isArray(template)) return Promise.all(template.map((t) => fillPlaceholders(t, resolve, where)));
  if (template && typeof template === 'object') {
    const entries = await Promise.all(Object.entries(template).map(async ([k, v]) => [k, await fillPlaceholders(v, resolve, where)] as const));
    return Object.fromEntries(entries);
  }
  return template;
}
