// Accounts: users, passwords and sessions, for the auth, mail and social routes.
export { createUsersRepository, EmailTakenError } from './usersRepository.ts';
export type { NewUser, UsersRepository } from './usersRepository.ts';
export { ARGON2_PARAMETERS, dummyPasswordHash, hashPassword, setPasswordHashCost, verifyPassword } from './passwords.ts';
export type { PasswordHashCost } from './passwords.ts';
export { bindKeyToUser, endSession, endUserSessions, startSession } from './sessions.ts';
export type { SessionStore } from './sessions.ts';
export { toContractUser } from './user.ts';
export { COMMON_PASSWORD_MESSAGE, isCommonPassword, PASSWORDS_DONT_MATCH_MESSAGE, passwordProblem } from './passwordPolicy.ts';
