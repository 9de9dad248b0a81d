// A jsdom test environment that also has Node's fetch API (fetch, Request, Response, Headers),
// which jest-environment-jsdom leaves out. Client specs that exercise the API client opt in with
// the docblock `@jest-environment ./test/support/jsdom-fetch-environment.js`; they mock fetch itself.
// Jest loads environments with require() and does not transform them.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    const global = this.global;
    // Like a browser, resolve relative URLs ('/api/...') against the document's address.
    class DocumentRequest extends Request {
      constructor(input, init) {
        super(typeof input === 'string' ? new URL(input, global.location.href).href : input, init);
      }
    }
    Object.assign(global, { fetch, Request: DocumentRequest, Response, Headers, AbortController, AbortSignal, ReadableStream });
  }
}

module.exports = JsdomWithFetchEnvironment;
