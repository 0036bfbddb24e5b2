// The ja catalogue, SPA and server namespaces together: a chunk of its own, loaded only when a page
// speaks ja (web/src/app/i18n.ts).
import spa from '../../../../shared/i18n/ja.json' with { type: 'json' };
import server from '../../../../shared/i18n/server/ja.json' with { type: 'json' };

export default { ...spa, ...server };
