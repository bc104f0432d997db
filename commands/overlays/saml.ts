import type { ExtraOption, Overlays } from '../../src/cli/overlay.js';
import { readText } from '../../src/cli/read-input.js';

const certificateFile: ExtraOption = {
  name: 'certificate-file',
  value: '<path>',
  description: 'read the PEM certificate from this file',
  apply: (v, i, io) => {
    i.body.certificate = readText({ flag: '--certificate-file', path: v }, io.readStdin);
  },
};

export const overlays: Overlays = {
  'saml.list': { columns: ['id', 'label', 'status', 'ssoURL'] },
  'saml.create': {
    options: [certificateFile],
    examples: ['gbctl saml create --label Okta --entity-id https://idp.example.com --sso-url https://idp.example.com/sso --certificate-file idp.pem'],
  },
  'saml.update': { options: [certificateFile] },
  'saml.delete': { confirm: (_p, name) => `Delete SAML provider ${name}? Members can no longer sign in through it.` },
  'sso.list': { columns: ['id', 'label', 'startURL'] },
};
