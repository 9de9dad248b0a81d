import { automock } from './automock.test-helpers';

class Base {
  inherited(): string {
    return 'real';
  }
}
class Service extends Base {
  readonly field: number = 1;
  get computed(): number {
    return 2;
  }
  async load(id: string): Promise<string> {
    return `real ${id}`;
  }
}

describe('automock', () => {
  it('replaces every method, inherited ones too, with jest.fn(), leaving getters and fields out', async () => {
    const mock = automock(Service);
    expect(await mock.load('x')).toBeUndefined();
    expect(mock.inherited()).toBeUndefined();
    mock.load.mockResolvedValue('stubbed');
    expect(await mock.load('y')).toBe('stubbed');
    expect(mock.load).toHaveBeenCalledWith('y');
    expect(Object.keys(mock).sort()).toEqual(['inherited', 'load']);
  });

  it('takes values for fields and methods the test sets itself', () => {
    const mock = automock(Service, { field: 5 });
    expect(mock.field).toBe(5);
  });
});
