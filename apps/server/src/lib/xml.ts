import { XMLBuilder } from 'fast-xml-parser';

/**
 * The portal's XML writer (SEPA payment files, and the bank files the tests build): `@name` is an
 * attribute and `#` an element's text; indented, so that a person can read the file too.
 */
export const xmlBuilder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  textNodeName: '#',
  format: true,
  indentBy: '  ',
});
