// Schemas of the updates API.
export {};
