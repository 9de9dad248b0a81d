import { indexOfByte } from './bytes.util';

describe('indexOfByte', () => {
  // The same answers as the typed array's own indexOf, which the browser uses: on views into a
  // larger buffer (an upload's Buffer often is one), from any start, past the end.
  it('answers what Uint8Array.prototype.indexOf answers, on views and past the end', () => {
    const whole = new Uint8Array(300);
    for (let i = 0; i < whole.length; i++) whole[i] = (i * 37) % 256;
    const views = [whole, whole.subarray(17), whole.subarray(40, 260), new Uint8Array(0)];
    for (const bytes of views) {
      for (const value of [0, 0xff, 0xd9, 37, 200]) {
        for (const from of [0, 1, 5, 100, bytes.length - 1, bytes.length, bytes.length + 10]) {
          expect(indexOfByte(bytes, value, from)).toBe(bytes.indexOf(value, from));
        }
      }
    }
  });

  it('finds every occurrence in turn', () => {
    const bytes = new Uint8Array([0xff, 0, 0xff, 0xff, 1, 2, 0xff]).subarray(1);
    const found: number[] = [];
    for (let i = indexOfByte(bytes, 0xff, 0); i >= 0; i = indexOfByte(bytes, 0xff, i + 1)) found.push(i);
    expect(found).toEqual([1, 2, 5]);
  });
});
