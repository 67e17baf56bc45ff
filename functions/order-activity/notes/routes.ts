export const noteRoutes = {};
