export const historyRoutes = {};
