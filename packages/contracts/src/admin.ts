// Schemas of the admin API.
export {};
