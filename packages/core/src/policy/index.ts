/**
 * The field-level rules of the console: what a role may change inside a call it may make. Who may make a
 * call at all is stated in the call's definition (`access`); these are the finer rules beneath it. The
 * server enforces them in its commands and the console reads them to decide what it offers.
 */
export * from './consoleAccounts';
export * from './images';
