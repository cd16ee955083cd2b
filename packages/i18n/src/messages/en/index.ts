// Every message file of English, one bundle (a chunk of its own in the browser).
import common from './common.json';
import auth from './auth.json';
import portfolio from './portfolio.json';
import projects from './projects.json';
import documents from './documents.json';
import media from './media.json';
import updates from './updates.json';
import notifications from './notifications.json';
import profile from './profile.json';
import stays from './stays.json';
import distributions from './distributions.json';
import investments from './investments.json';
import interest from './interest.json';
import admin from './admin.json';
import mail from './mail.json';
import pdf from './pdf.json';

export default { common, auth, portfolio, projects, documents, media, updates, notifications, profile, stays, distributions, investments, interest, admin, mail, pdf };
