/** A success of the service, with what its headers say. */
export interface ApiResponse<T> {
  data: T;
  /** `X-Request-Id`: what to quote to the host about this request. */
  requestId: string | undefined;
  /** `Idempotent-Replayed: true`: the first answer to this idempotency key, given again; nothing new was made. */
  replayed: boolean;
  status: number;
}

/**
 * What every method of the client returns: a promise of the answer's `data`, as `await` gives
 * it, and `.withResponse()` for the same request's `{data, requestId, replayed, status}`. The
 * request is sent once either way. (openai-node's APIPromise works the same way.)
 */
export class StaydeskPromise<T> extends Promise<T> {
  readonly #response: Promise<ApiResponse<T>>;
  #data: Promise<T> | undefined;

  /** Derived promises (`then`, `catch`, `finally`) are plain ones. */
  static override get [Symbol.species]() {
    return Promise;
  }

  constructor(response: Promise<ApiResponse<T>>) {
    super((resolve) => {
      resolve(undefined as T);
    });
    this.#response = response;
  }

  /** The answer's data with its request id and replay flag. */
  withResponse(): Promise<ApiResponse<T>> {
    return this.#response;
  }

  // The data is taken from the response only when asked for, so that a caller of withResponse()
  // alone leaves no second promise to reject unheard.
  #dataPromise(): Promise<T> {
    this.#data ??= this.#response.then((r) => r.data);
    return this.#data;
  }

  override then<A = T, B = never>(
    onfulfilled?: ((value: T) => A | PromiseLike<A>) | null,
    onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.#dataPromise().then(onfulfilled, onrejected);
  }

  override catch<B = never>(onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<T | B> {
    return this.#dataPromise().catch(onrejected);
  }

  override finally(onfinally?: (() => void) | null): Promise<T> {
    return this.#dataPromise().finally(onfinally);
  }
}
