// Schemas of the notifications API.
export {};
