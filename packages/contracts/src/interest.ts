// Schemas of the interest API.
export {};
