// Schemas of the documents API.
export {};
