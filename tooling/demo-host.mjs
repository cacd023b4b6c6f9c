// Where `npm start` serves the demo. Plain JavaScript: it runs under the machine's Node 20.

/**
 * The demo shows every mailed link (password resets included) at /outbox and runs with made-up
 * secrets, so it listens on this machine's loopback addresses only: `localhost` is 127.0.0.1 and
 * ::1 (the server listens on both), where a browser resolves every `<channel>.localhost` name.
 * `HOST` changes it (`HOST=0.0.0.0` to open the demo to other devices of a trusted network).
 */
export function demoHost(env) {
  return env.HOST && env.HOST.trim() !== '' ? env.HOST : 'localhost';
}
