import { setPasswordHashCost } from '../../src/modules/accounts/index.ts';

// Each test file's passwords are hashed at a token cost (1 MiB, one pass: about 2 ms) rather than
// the server's (19 MiB, two passes: about 70 ms of CPU): the suite hashes about 1,450 passwords, 100
// CPU seconds of a run that proved nothing more for it (2026-12-07). The accounts tests hash at the
// server's own cost, and every hash carries its parameters, so verifying is the same code either way.
setPasswordHashCost({ memory: 1024, passes: 1 });
