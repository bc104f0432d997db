const SPECIAL: Record<string, string> = {
  commentReplyId: 'reply',
  siteSectionId: 'section',
  siteSectionGroupId: 'group',
  samlProviderId: 'provider',
  specSlug: 'spec',
};

export const kebab = (s: string) => s.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

/** The positional-argument name of a path parameter: spaceId -> space. */
export function argName(param: string): string {
  return SPECIAL[param] ?? kebab(param.replace(/(Id|Slug)$/, ''));
}

/** commander's camelCase key of a --kebab-case option. */
export const optionKey = (flag: string) => flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
