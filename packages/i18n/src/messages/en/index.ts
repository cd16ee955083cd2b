// Every message file of English, one bundle (a chunk of its own in the browser).
import common from './common.json' with { type: 'json' };
import auth from './auth.json' with { type: 'json' };
import portfolio from './portfolio.json' with { type: 'json' };
import projects from './projects.json' with { type: 'json' };
import documents from './documents.json' with { type: 'json' };
import media from './media.json' with { type: 'json' };
import updates from './updates.json' with { type: 'json' };
import notifications from './notifications.json' with { type: 'json' };
import profile from './profile.json' with { type: 'json' };
import stays from './stays.json' with { type: 'json' };
import distributions from './distributions.json' with { type: 'json' };
import investments from './investments.json' with { type: 'json' };
import interest from './interest.json' with { type: 'json' };
import admin from './admin.json' with { type: 'json' };
import mail from './mail.json' with { type: 'json' };
import pdf from './pdf.json' with { type: 'json' };
import validation from './validation.json' with { type: 'json' };
import subscriptions from './subscriptions.json' with { type: 'json' };
import reconciliation from './reconciliation.json' with { type: 'json' };
import privacy from './privacy.json' with { type: 'json' };

export default {
  common,
  auth,
  portfolio,
  projects,
  documents,
  media,
  updates,
  notifications,
  profile,
  stays,
  distributions,
  investments,
  interest,
  admin,
  mail,
  pdf,
  validation,
  subscriptions,
  reconciliation,
  privacy,
};
