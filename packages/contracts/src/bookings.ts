// Schemas of the bookings API.
export {};
