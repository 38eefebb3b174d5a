import type { ModuleDeclaration } from '../api/module-declaration.ts';

/** The automation module's rows of the backend tables (decision 0074; assembled by shared/src/api/modules.ts). */
export const AUTOMATION_MODULE = {
  module: 'automation',
  uplink: [
    {
      kind: 'button',
      module: 'automation',
      handler: 'uplink',
      rule: 'button_presses',
      description: 'button presses of watches and kiosk tablets and trigger menu choices, mapped to triggers',
    },
  ],
} as const satisfies ModuleDeclaration;
