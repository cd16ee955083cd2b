/** Query keys of the admin screens not yet read through the registry; a write invalidates `adminKeys.all`. */
export const adminKeys = {
  all: ['admin'] as const,
};
