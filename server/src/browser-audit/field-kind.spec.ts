import { fieldKind, fieldLabel } from './page.visitor';

describe('what a field is for', () => {
  it.each<[string, string, string]>([
    ['password', 'pw', 'password'],
    ['email', 'contact', 'email'],
    ['text', 'e-mail address', 'email'],
    ['tel', 'x', 'phone'],
    ['text', 'fname given-name First name', 'first-name'],
    ['text', 'lname family-name Last name', 'last-name'],
    // "fullname" contains "lname": it is a full name, not a last name.
    ['text', 'fullname fullname Full name', 'full-name'],
    ['text', 'name name', 'full-name'],
    ['text', 'your-name', 'full-name'],
    ['text', 'username', 'text'],
    ['text', 'company name', 'text'],
    ['search', 'q Search', 'text'],
  ])('%s field with hints %p is %s', (type, hints, kind) => {
    expect(fieldKind({ type, hints })).toBe(kind);
  });
});

describe("a field's name for people", () => {
  it('prefers the label, then aria-label, placeholder, name, id', () => {
    expect(fieldLabel(['Email address', 'Your email', 'you@example.com', 'email', 'email'], 'email')).toBe('Email address');
    expect(fieldLabel([undefined, null, 'Search the shop', 'q'], 'search')).toBe('Search the shop');
    expect(fieldLabel([undefined, '', '  '], 'text')).toBe('text');
  });

  it('says a repeated word once', () => {
    expect(fieldLabel([undefined, undefined, undefined, 'email email'], 'email')).toBe('email');
    expect(fieldLabel(['  Full \n name  '], 'text')).toBe('Full name');
  });
});
