// Schemas of the perks API.
export {};
