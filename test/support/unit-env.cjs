// Unit tests assert on log levels: the integration project's global setup quiets the handlers'
// logs (LOG_LEVEL=warn) for the whole run, so unit tests set their own level back.
process.env.LOG_LEVEL = 'info';
