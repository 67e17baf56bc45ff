export const historyOperations = {};
