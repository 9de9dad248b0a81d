import type { IncomingMessage, ServerResponse } from 'node:http';
import { LocalHttpServer } from './local-server';

/**
 * The browser script of the Stripe.js fake: `window.Stripe(publishableKey)` with the subset the
 * client uses — `elements().create('card')`, `mount(el)` (a plain card-number input inside the
 * element, where the real one puts its iframe), `createPaymentMethod({type: 'card', card})` and
 * `confirmCardPayment(clientSecret, {payment_method})` — calling the Stripe API fake from the page
 * with the publishable key, and answering `{paymentMethod}`, `{paymentIntent}` or `{error}` as
 * Stripe.js does.
 */
function script(apiBaseUrl: string): string {
  return `(function () {
  'use strict';
  var API = ${JSON.stringify(apiBaseUrl)};

  function encode(data, prefix, out) {
    Object.keys(data).forEach(function (key) {
      var value = data[key];
      var name = prefix ? prefix + '[' + key + ']' : key;
      if (value === undefined || value === null) return;
      if (typeof value === 'object') encode(value, name, out);
      else out.push(encodeURIComponent(name) + '=' + encodeURIComponent(String(value)));
    });
    return out;
  }

  function call(key, path, data) {
    return fetch(API + path, {
      method: 'POST',
      headers: { Authorization: 'Bearer ' + key, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: encode(data, '', []).join('&')
    }).then(
      function (res) {
        return res.json().then(function (body) { return { ok: res.ok, body: body }; });
      },
      function () {
        return { ok: false, body: { error: { type: 'api_connection_error', message: 'We could not reach Stripe. Please try again.' } } };
      }
    );
  }

  function CardElement() {
    this._input = null;
    this._handlers = {};
  }
  CardElement.prototype.mount = function (target) {
    var host = typeof target === 'string' ? document.querySelector(target) : target;
    if (!host) throw new Error('IntegrationError: the element to mount the card element in was not found.');
    var input = document.createElement('input');
    input.type = 'text';
    input.inputMode = 'numeric';
    input.autocomplete = 'cc-number';
    input.name = 'cardnumber';
    input.placeholder = '1234 1234 1234 1234';
    input.setAttribute('aria-label', 'Card number');
    input.style.width = '100%';
    input.style.border = '0';
    input.style.outline = 'none';
    input.style.font = 'inherit';
    input.style.background = 'transparent';
    var self = this;
    input.addEventListener('input', function () {
      var digits = input.value.replace(/\\D/g, '');
      (self._handlers.change || []).forEach(function (fn) { fn({ elementType: 'card', empty: digits.length === 0, complete: digits.length >= 16 }); });
    });
    host.appendChild(input);
    this._input = input;
  };
  CardElement.prototype.on = function (event, handler) {
    (this._handlers[event] = this._handlers[event] || []).push(handler);
    return this;
  };
  CardElement.prototype.focus = function () { if (this._input) this._input.focus(); };
  CardElement.prototype.unmount = function () {
    if (this._input && this._input.parentNode) this._input.parentNode.removeChild(this._input);
  };
  CardElement.prototype.destroy = function () { this.unmount(); this._input = null; };

  function Stripe(publishableKey) {
    if (!(this instanceof Stripe)) return new Stripe(publishableKey);
    if (typeof publishableKey !== 'string' || publishableKey.indexOf('pk_') !== 0) {
      throw new Error('IntegrationError: Invalid value for Stripe(): apiKey should be a publishable key.');
    }
    this._key = publishableKey;
  }
  Stripe.prototype.elements = function () {
    return {
      create: function (type) {
        if (type !== 'card') throw new Error('IntegrationError: this fake only creates card elements.');
        return new CardElement();
      }
    };
  };
  Stripe.prototype.createPaymentMethod = function (params) {
    var card = params && params.card;
    var number = card && card._input ? card._input.value.replace(/\\s+/g, '') : '';
    return call(this._key, '/v1/payment_methods', { type: params && params.type, card: { number: number, exp_month: 12, exp_year: 2034, cvc: '123' } })
      .then(function (r) { return r.ok ? { paymentMethod: r.body } : { error: r.body.error }; });
  };
  Stripe.prototype.confirmCardPayment = function (clientSecret, data) {
    var id = String(clientSecret).split('_secret_')[0];
    var method = data && data.payment_method;
    return call(this._key, '/v1/payment_intents/' + encodeURIComponent(id) + '/confirm', { client_secret: clientSecret, payment_method: method })
      .then(function (r) { return r.ok ? { paymentIntent: r.body } : { error: r.body.error }; });
  };
  window.Stripe = Stripe;
})();
`;
}

/** Serves the Stripe.js fake at any path on 127.0.0.1 (the app's STRIPE_JS_URL in tests) and counts who loads it. */
export class FakeStripeJs {
  /** Each GET of the script: the page that asked (Referer is not sent: the app's policy is no-referrer). */
  readonly loads: Array<{ path: string; at: number }> = [];
  private readonly http = new LocalHttpServer('FakeStripeJs', (req, res) => this.serve(req, res));

  constructor(private readonly apiBaseUrl: () => string) {}

  /** The script's URL, for STRIPE_JS_URL. */
  get url(): string {
    return `${this.http.origin}/v3/`;
  }

  async start(): Promise<this> {
    await this.http.start();
    return this;
  }

  stop(): Promise<void> {
    return this.http.stop();
  }

  private serve(req: IncomingMessage, res: ServerResponse): void {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    if (req.method !== 'GET' || path !== '/v3/') {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
      return;
    }
    this.loads.push({ path, at: Date.now() });
    const body = script(this.apiBaseUrl());
    res.writeHead(200, { 'content-type': 'application/javascript; charset=utf-8', 'content-length': String(Buffer.byteLength(body)), 'cache-control': 'no-store' });
    res.end(body);
  }
}
