/**
 * Books a member may aim to read in a year (decision 0112). A module of its own, without
 * schemas: the portal's goal form checks the same range without loading the contract.
 */
export const GOAL_BOOKS = { min: 1, max: 365 } as const;
