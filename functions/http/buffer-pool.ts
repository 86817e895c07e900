/**
 * Reusable response buffers. A buffer of a few kilobytes or more lives outside
 * the JS heap: allocating one per response costs microseconds and makes the
 * garbage collector run for memory it cannot see. Sizes are rounded up to a
 * power of two; each size keeps a few free buffers, within a byte budget.
 */
export class BufferPool {
  readonly #free = new Map<number, Buffer[]>();
  readonly #maxFreeBytes: number;
  #freeBytes = 0;

  constructor(options: { maxFreeBytes: number }) {
    this.#maxFreeBytes = options.maxFreeBytes;
  }

  /** A buffer of at least `size` bytes (its contents are left over from earlier use). */
  take(size: number): Buffer {
    const capacity = sizeClass(size);
    const buffer = this.#free.get(capacity)?.pop();
    if (!buffer) return Buffer.allocUnsafeSlow(capacity);
    this.#freeBytes -= capacity;
    return buffer;
  }

  /** Gives back a buffer from `take`, once nothing reads it any more. */
  give(buffer: Buffer): void {
    if (this.#freeBytes + buffer.length > this.#maxFreeBytes || buffer.length !== sizeClass(buffer.length)) return;
    const list = this.#free.get(buffer.length);
    if (list) list.push(buffer);
    else this.#free.set(buffer.length, [buffer]);
    this.#freeBytes += buffer.length;
  }
}

const SMALLEST = 4096;

function sizeClass(size: number): number {
  return size <= SMALLEST ? SMALLEST : 2 ** Math.ceil(Math.log2(size));
}
