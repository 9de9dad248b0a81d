import { notify, toaster } from './toaster';

/** The toasts showing, oldest first. */
const showing = () => toaster.getVisibleToasts().map((t) => [t.type, t.title]).reverse();

describe('notify', () => {
  afterEach(() => toaster.remove());

  it('takes down the earlier error toasts when an attempt succeeds, and keeps the rest', () => {
    notify.info('Saved as a draft');
    notify.error('Passwords do not match');
    notify.error('Failed to create account: An account with this email already exists');
    notify.succeeded('Account created successfully!');
    expect(showing()).toEqual([
      ['info', 'Saved as a draft'],
      ['success', 'Account created successfully!'],
    ]);
  });

  it('leaves other toasts alone on a plain success', () => {
    notify.error('Could not load your monitors');
    notify.success('Monitor saved');
    expect(showing()).toEqual([
      ['error', 'Could not load your monitors'],
      ['success', 'Monitor saved'],
    ]);
  });
});
