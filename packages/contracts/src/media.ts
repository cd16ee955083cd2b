// Schemas of the media API.
export {};
