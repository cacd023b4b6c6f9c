/** Where `npm start` serves the demo: `HOST`, else `localhost` (the loopback addresses only). */
export function demoHost(env: Readonly<Record<string, string | undefined>>): string;
