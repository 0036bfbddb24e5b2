// The recording page's en catalogue (record.html, issue #15): the part of the en catalogue that page
// shows (shared/i18n/parts.ts), made by the build, a chunk of its own.
import part from 'virtual:catalogue-part/record/en';

export default part;
