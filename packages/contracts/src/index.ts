export * from './common';
export * from './constants';
export * from './value-sets';
export * from './auth';
export * from './users';
export * from './money';
export * from './portfolio';
