// The ko catalogue, SPA and server namespaces together: a chunk of its own, loaded only when a page
// speaks ko (web/src/app/i18n.ts).
import spa from '../../../../shared/i18n/ko.json' with { type: 'json' };
import server from '../../../../shared/i18n/server/ko.json' with { type: 'json' };

export default { ...spa, ...server };
