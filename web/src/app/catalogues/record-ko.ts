// The recording page's ko catalogue (record.html, issue #15): the part of the ko catalogue that page
// shows (shared/i18n/parts.ts), made by the build, a chunk of its own.
import part from 'virtual:catalogue-part/record/ko';

export default part;
