/**
 * What `buildApp` takes for the modules: each module adds its own options here by module
 * augmentation (`declare module '../../core/appOptions.ts' { interface ModuleOptions { mail?: MailOptions } }`),
 * so no module imports the composition root. `BuildAppOptions` (app.ts) extends it.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the modules' augmentations
export interface ModuleOptions {}
