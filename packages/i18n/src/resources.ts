// English is bundled wherever the portal runs: it is the default language, and the type of its messages
// is the type every language's files must have (i18next checks `t` keys against it).
import en from './messages/en';

export { en };
export type Messages = typeof en;
