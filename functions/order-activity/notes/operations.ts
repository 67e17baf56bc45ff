export const noteOperations = {};
